//! The command line of `mills-load`.

/// What the run was asked for.
pub struct Options {
    pub url: Option<String>,
    pub url2: Option<String>,
    pub games: usize,
    pub turns: usize,
    pub think_ms: u64,
    pub game: String,
    pub attack: bool,
}

pub fn parse() -> Result<Options, String> {
    let mut o = Options {
        url: None,
        url2: None,
        games: 2000,
        turns: 40,
        think_ms: 500,
        game: "twelve-mens-morris".into(),
        attack: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--url" => o.url = Some(value()?),
            "--url2" => o.url2 = Some(value()?),
            "--games" => o.games = value()?.parse().map_err(|_| "--games N")?,
            "--turns" => o.turns = value()?.parse().map_err(|_| "--turns N")?,
            "--think-ms" => o.think_ms = value()?.parse().map_err(|_| "--think-ms N")?,
            "--game" => o.game = value()?,
            "--attack" => o.attack = true,
            "-h" | "--help" => {
                return Err("usage: mills-load [--url ws://HOST:PORT/ws] \
                     [--url2 ws://HOST:PORT/ws (the second players' server)] [--games 2000] \
                     [--turns 40] [--think-ms 500 (each turn waits 0..N ms)] \
                     [--game twelve-mens-morris] [--attack (32 connections flood opens of \
                     unknown rooms, 1,000 trickle request lines, while the games play)]"
                    .into());
            }
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(o)
}
