//! Engine-against-engine matches (`mills match`): balanced random openings, each played twice
//! with colours swapped, on one or more threads, with the result and its error margin.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use mills_core::Action;
use mills_core::EndgameTables;
use mills_core::Game;
use mills_core::Outcome;
use mills_core::Weights;
use mills_core::{CancelToken, Engine, SearchLimits, SearchOptions};
use mills_core::{Level, Style};
use mills_core::{Rules, Side, Variant};

/// One side of a match: a level, or a level's style changed by settings.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    /// How the player is written on the command line (`6`, `7+noqs`, `ms=300`).
    pub label: String,
    pub style: Style,
    pub options: SearchOptions,
    /// Evaluation weights changed from the game's own (`+w:name=value`), for tuning.
    pub weight_overrides: Vec<(String, i32)>,
    /// The transposition table holds 2^table_bits entries: the apps' size unless `+tt=N`.
    pub table_bits: u32,
}

impl Player {
    pub fn level(level: Level) -> Player {
        Player {
            label: level.number().to_string(),
            style: level.style(),
            options: SearchOptions::default().for_level(level),
            weight_overrides: Vec::new(),
            table_bits: Engine::TABLE_BITS,
        }
    }

    /// The evaluation weights this player uses in `variant`, if it changes any.
    pub fn weights(&self, variant: Variant) -> Option<Weights> {
        if self.weight_overrides.is_empty() {
            return None;
        }
        // The overrides change the weights the player's search would use without them.
        let mut weights = self.options.evaluation_weights(variant);
        for (name, value) in &self.weight_overrides {
            weights.set(name, *value);
        }
        Some(weights)
    }
}

/// A player description that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePlayerError(pub String);

impl fmt::Display for ParsePlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot read player '{}': expected a level 1-10, 'ms=N' or 'depth=N', \
             optionally followed by +noqs, +nott, +noasp, +noext, +nolmr, +v1, +spsa, +early, +lpext, +blockext, +ms=N, +depth=N, +t=T, +loss=N, +tt=BITS, +w:NAME=N",
            self.0
        )
    }
}

impl std::error::Error for ParsePlayerError {}

impl FromStr for Player {
    type Err = ParsePlayerError;

    /// `7` is level 7; `ms=300` searches 300 ms per turn at full strength; `depth=4` searches
    /// four turns; `+noqs`, `+nott`, `+noasp` switch off quiescence, the table, aspiration;
    /// `+noext`, `+nolmr` the blockade extension and the late move reductions (level 10 and
    /// the `ms=`/`depth=` players use both); `+v1` is the first version's search (level 10
    /// before both: `10+v1`); `+spsa` evaluates with the self-play weights levels 1-9 use,
    /// not the fitted ones (`10+spsa`: the previous level 10 of Twelve Men's Morris);
    /// `+early` starts no iteration it does not expect to finish (level 10 before round 6);
    /// `+lpext` searches each side's last placement a turn deeper (a candidate, off in play);
    /// `+blockext` searches a forced block while placing a turn deeper (a candidate, off in
    /// play);
    /// `+ms=N`/`+depth=N` change a level's budget; `+t=T`/`+loss=N` its randomness (softmax
    /// temperature, largest loss accepted); `+tt=BITS` its transposition table (2^BITS
    /// entries instead of the apps' 2^20); `+w:open_two=20` changes an evaluation
    /// weight (names: [`Weights::NAMES`]).
    fn from_str(text: &str) -> Result<Player, ParsePlayerError> {
        let err = || ParsePlayerError(text.to_string());
        let mut parts = text.split('+');
        let base = parts.next().unwrap_or_default();
        let full_strength = |limits: SearchLimits| Style {
            limits,
            temperature: 0.0,
            max_loss: 0,
        };
        let (mut style, mut options) = if let Some(ms) = base.strip_prefix("ms=") {
            let limits = SearchLimits::time(Duration::from_millis(ms.parse().map_err(|_| err())?));
            (full_strength(limits), SearchOptions::default())
        } else if let Some(d) = base.strip_prefix("depth=") {
            let limits = SearchLimits::depth(d.parse().map_err(|_| err())?);
            (full_strength(limits), SearchOptions::default())
        } else {
            let n: u8 = base.parse().map_err(|_| err())?;
            let level = Level::new(n).map_err(|_| err())?;
            (level.style(), SearchOptions::default().for_level(level))
        };
        let mut weight_overrides = Vec::new();
        let mut table_bits = Engine::TABLE_BITS;
        for modifier in parts {
            match modifier {
                "noqs" => options.quiescence = false,
                "nott" => options.transposition_table = false,
                "noasp" => options.aspiration = false,
                "noext" => options.blockade_extension = false,
                "nolmr" => options.late_move_reductions = false,
                "v1" => options = SearchOptions::FIRST_VERSION,
                "spsa" => options.fitted_weights = false,
                "early" => options.search_to_deadline = false,
                "lpext" => options.last_placement_extension = true,
                "blockext" => options.forced_block_extension = true,
                m if m.starts_with("ms=") => {
                    let ms: u64 = m[3..].parse().map_err(|_| err())?;
                    style.limits.time = Some(Duration::from_millis(ms));
                }
                m if m.starts_with("depth=") => {
                    style.limits.depth = Some(m[6..].parse().map_err(|_| err())?);
                }
                m if m.starts_with("t=") => {
                    style.temperature = m[2..].parse().map_err(|_| err())?;
                }
                m if m.starts_with("loss=") => {
                    style.max_loss = m[5..].parse().map_err(|_| err())?;
                }
                m if m.starts_with("tt=") => {
                    table_bits = m[3..].parse().map_err(|_| err())?;
                    if !(Engine::MIN_TABLE_BITS..=Engine::MAX_TABLE_BITS).contains(&table_bits) {
                        return Err(err());
                    }
                }
                m if m.starts_with("w:") => {
                    let (name, value) = m[2..].split_once('=').ok_or_else(err)?;
                    if !Weights::NAMES.contains(&name) {
                        return Err(err());
                    }
                    weight_overrides.push((name.to_string(), value.parse().map_err(|_| err())?));
                }
                _ => return Err(err()),
            }
        }
        Ok(Player {
            label: text.to_string(),
            style,
            options,
            weight_overrides,
            table_bits,
        })
    }
}

/// What to play.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub variant: Variant,
    pub a: Player,
    pub b: Player,
    /// Games in all; rounded up to an even number (each opening is played twice).
    pub games: u32,
    pub seed: u64,
    /// Random actions (whole turns are completed) before the engines take over.
    pub opening_turns: u32,
    pub threads: usize,
    /// Turns after which an unfinished game counts as a draw (a safety net: the draw rules
    /// end every game long before).
    pub max_turns: u32,
    /// Endgame tables player A and player B probe (none by default).
    pub tables: [Option<Arc<EndgameTables>>; 2],
}

impl MatchConfig {
    pub fn new(variant: Variant, a: Player, b: Player) -> MatchConfig {
        MatchConfig {
            variant,
            a,
            b,
            games: 100,
            seed: 1,
            opening_turns: 4,
            threads: 1,
            max_turns: 1000,
            tables: [None, None],
        }
    }
}

/// One finished game of a match.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// 0-based game number: games 2k and 2k+1 share an opening.
    pub index: u32,
    /// The side player A had.
    pub a_side: Side,
    pub opening: Vec<Action>,
    /// Every action of the game, in whole turns: after a forfeit, those before the turn the
    /// player forfeited (the forfeit's reason names what it said).
    pub actions: Vec<Action>,
    /// `None` when the turn cap ended the game, or a player forfeited it.
    pub outcome: Option<Outcome>,
    /// The player that lost the game by breaking down or saying an illegal action.
    pub forfeit: Option<Forfeit>,
    /// 1 for an A win, ½ for a draw, 0 for a loss.
    pub a_points: f64,
    pub turns: u32,
    pub a_timing: Timing,
    pub b_timing: Timing,
}

impl GameReport {
    /// The game as a record holds it (`mills match --records`). Records know no forfeit, so a
    /// forfeit is written as the forfeiting side's resignation where its turn began: the
    /// record's result is then the match's. A game the turn cap ended stays unfinished.
    pub fn recorded_game(&self, rules: Rules) -> Result<Game, String> {
        let mut game = Game::replay(rules, &self.actions).map_err(|e| e.to_string())?;
        let Some(forfeit) = &self.forfeit else {
            return Ok(game);
        };
        let side = match forfeit.seat {
            Seat::A => self.a_side,
            Seat::B => self.a_side.opponent(),
        };
        game.resign(side).map_err(|e| e.to_string())?;
        Ok(game)
    }
}

/// How long one player took for its turns.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Timing {
    pub turns: u32,
    pub total: Duration,
    pub longest: Duration,
    /// The largest ratio of turn time to the turn's time budget (1.0 = exactly on budget).
    pub worst_budget_ratio: f64,
}

impl Timing {
    fn add(&mut self, took: Duration, budget: Option<Duration>) {
        self.turns += 1;
        self.total += took;
        self.longest = self.longest.max(took);
        if let Some(budget) = budget.filter(|b| !b.is_zero()) {
            self.worst_budget_ratio = self
                .worst_budget_ratio
                .max(took.as_secs_f64() / budget.as_secs_f64());
        }
    }

    pub fn merge(&mut self, other: &Timing) {
        self.turns += other.turns;
        self.total += other.total;
        self.longest = self.longest.max(other.longest);
        self.worst_budget_ratio = self.worst_budget_ratio.max(other.worst_budget_ratio);
    }

    pub fn mean(&self) -> Duration {
        if self.turns == 0 {
            Duration::ZERO
        } else {
            self.total / self.turns
        }
    }
}

/// Wins, draws and losses of player A, and what follows from them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MatchStats {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl MatchStats {
    pub fn add(&mut self, a_points: f64) {
        if a_points > 0.75 {
            self.wins += 1;
        } else if a_points < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's score from 0 to 1 (a draw is half a point).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n)
    }

    /// Half-width of the 95% confidence interval of the score, from the trinomial variance
    /// of one game's result (win 1, draw ½, loss 0).
    pub fn margin95(&self) -> f64 {
        let n = f64::from(self.games());
        if n < 2.0 {
            return 0.5;
        }
        let s = self.score();
        let var = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n;
        1.96 * (var / n).sqrt()
    }

    /// The Elo difference the score corresponds to (clamped at ±800).
    pub fn elo(&self) -> f64 {
        let s = self.score().clamp(0.01, 0.99);
        (-400.0 * (1.0 / s - 1.0).log10()).clamp(-800.0, 800.0)
    }
}

impl fmt::Display for MatchStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "+{} ={} -{}  score {:.1}% ± {:.1}%  (Elo {:+.0})",
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.score(),
            100.0 * self.margin95(),
            self.elo()
        )
    }
}

/// The whole match.
#[derive(Clone, Debug)]
pub struct MatchReport {
    pub stats: MatchStats,
    pub games: Vec<GameReport>,
    pub a_timing: Timing,
    pub b_timing: Timing,
    pub elapsed: Duration,
}

impl MatchReport {
    /// A's wins, draws and losses in the games where it played `side` (P1 places first:
    /// in Twelve Men's Morris the first placer wins most games, so the two halves differ).
    pub fn stats_as(&self, side: Side) -> MatchStats {
        let mut stats = MatchStats::default();
        for game in self.games.iter().filter(|g| g.a_side == side) {
            stats.add(game.a_points);
        }
        stats
    }
}

/// A random opening: `turns` whole turns of uniformly random legal actions, never one that
/// ends the game.
pub fn random_opening(rules: Rules, turns: u32, rng: &mut StdRng) -> Vec<Action> {
    'retry: for _ in 0..100 {
        let mut game = Game::new(rules);
        let mut played = 0;
        while played < turns {
            let legal = game.position().legal_actions();
            if legal.is_empty() {
                continue 'retry;
            }
            let action = legal[rng.random_range(0..legal.len())];
            if game.play(action).expect("a legal action").turn_ended {
                played += 1;
            }
            if game.is_over() {
                continue 'retry;
            }
        }
        return game.actions().to_vec();
    }
    Vec::new()
}

/// The openings a match plays, in order (games 2k and 2k+1 share the k-th): one generator
/// seeded by the match's seed, so the same seed always gives the same openings.
pub fn match_openings(config: &MatchConfig) -> Vec<Vec<Action>> {
    let pairs = config.games.div_ceil(2).max(1);
    let rules = Rules::of(config.variant);
    let mut rng = StdRng::seed_from_u64(config.seed);
    (0..pairs)
        .map(|_| random_opening(rules, config.opening_turns, &mut rng))
        .collect()
}

/// One seat of a match: player A or player B (whatever side of the board it has).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    A,
    B,
}

impl Seat {
    /// 0 for A, 1 for B: the index of [`MatchConfig::tables`] and of the players of a game.
    pub fn index(self) -> usize {
        match self {
            Seat::A => 0,
            Seat::B => 1,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::A => "A",
            Seat::B => "B",
        })
    }
}

/// Whatever chooses the turns of one seat in one game: our engine ([`EnginePlayer`]) or,
/// in the `mills` command line, an outside engine spoken to over the engine protocol.
pub trait TurnPlayer {
    /// How the player is named in reports.
    fn label(&self) -> String;

    /// The time a turn may take, if the player has a budget (for [`Timing`]).
    fn budget(&self) -> Option<Duration>;

    /// The whole turn to play in `game` (its side is to move): legal actions, the last of
    /// which ends the turn or the game; empty if there is nothing to play. An error (the
    /// player broke down, or could not say a legal action) forfeits the game.
    fn play_turn(&mut self, game: &Game) -> Result<Vec<Action>, String>;
}

/// Makes the player of a seat for one game (0-based index); an error forfeits that game for
/// the seat. Called on the thread that plays the game.
pub type MakePlayer<'a> = dyn Fn(Seat, u32) -> Result<Box<dyn TurnPlayer>, String> + Sync + 'a;

/// Our own engine playing a [`Player`]'s style.
pub struct EnginePlayer {
    engine: Engine,
    player: Player,
    cancel: CancelToken,
}

impl EnginePlayer {
    /// The engine of `seat` in game `index` of `config`, seeded from the match's seed so that a
    /// match replays exactly.
    pub fn for_seat(config: &MatchConfig, seat: Seat, index: u32) -> EnginePlayer {
        let engine_seed = config
            .seed
            .wrapping_mul(0x9E37_79B9)
            .wrapping_add(u64::from(index));
        let (seed, player) = match seat {
            Seat::A => (engine_seed, &config.a),
            Seat::B => (engine_seed ^ 0x5555, &config.b),
        };
        let mut engine = Engine::with_table_bits(seed, player.table_bits);
        engine.set_options(player.options);
        engine.set_weights(player.weights(config.variant));
        engine.set_tables(config.tables[seat.index()].clone());
        EnginePlayer {
            engine,
            player: player.clone(),
            cancel: CancelToken::new(),
        }
    }
}

impl TurnPlayer for EnginePlayer {
    fn label(&self) -> String {
        self.player.label.clone()
    }

    fn budget(&self) -> Option<Duration> {
        self.player.style.limits.time
    }

    fn play_turn(&mut self, game: &Game) -> Result<Vec<Action>, String> {
        Ok(self
            .engine
            .choose_turn_with_style(game, self.player.style, &self.cancel))
    }
}

/// The players of [`play_match`]: our engine in both seats.
pub fn engine_players(
    config: &MatchConfig,
) -> impl Fn(Seat, u32) -> Result<Box<dyn TurnPlayer>, String> + Sync + '_ {
    move |seat, index| {
        Ok(Box::new(EnginePlayer::for_seat(config, seat, index)) as Box<dyn TurnPlayer>)
    }
}

/// A game lost without being played out: the seat's player broke down or said an illegal
/// action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit {
    pub seat: Seat,
    pub reason: String,
}

impl fmt::Display for Forfeit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} forfeits: {}", self.seat, self.reason)
    }
}

/// Plays one game from `opening` between `a` (on `a_side`) and `b`, both our engine.
pub fn play_game(config: &MatchConfig, index: u32, opening: &[Action], a_side: Side) -> GameReport {
    play_game_with(config, index, opening, a_side, &engine_players(config))
}

/// Plays one game from `opening` between the players `make_player` gives seats A (on
/// `a_side`) and B. Our rules judge every action; a player that fails or says an illegal
/// action loses the game by [`Forfeit`].
pub fn play_game_with(
    config: &MatchConfig,
    index: u32,
    opening: &[Action],
    a_side: Side,
    make_player: &MakePlayer<'_>,
) -> GameReport {
    let rules = Rules::of(config.variant);
    let mut game = Game::replay(rules, opening).expect("openings are legal");
    let mut timing = [Timing::default(), Timing::default()];
    let mut turns = 0;
    let mut forfeit = None;
    let mut players: Vec<Box<dyn TurnPlayer>> = Vec::with_capacity(2);
    for seat in [Seat::A, Seat::B] {
        match make_player(seat, index) {
            Ok(player) => players.push(player),
            Err(reason) => {
                forfeit = Some(Forfeit { seat, reason });
                break;
            }
        }
    }
    while forfeit.is_none() && !game.is_over() && turns < config.max_turns {
        let mover = game.position().side_to_move();
        let seat = if mover == a_side { Seat::A } else { Seat::B };
        let player = &mut players[seat.index()];
        let start = Instant::now();
        let chosen = player.play_turn(&game);
        timing[seat.index()].add(start.elapsed(), player.budget());
        let before = game.actions().len();
        match chosen.and_then(|actions| play_turn(&mut game, &actions)) {
            Ok(true) => turns += 1,
            Ok(false) => break,
            Err(reason) => {
                // The forfeited turn is not played: its legal first actions may have ended
                // the turn, or even the game (a repetition), before the illegal one.
                game = Game::replay(rules, &game.actions()[..before]).expect("replays");
                forfeit = Some(Forfeit { seat, reason });
            }
        }
    }
    // The players end (an outside engine is told to quit) before the report is sent.
    drop(players);
    let outcome = if forfeit.is_some() {
        None
    } else {
        game.outcome()
    };
    let a_points = match (&forfeit, outcome.and_then(|o| o.winner())) {
        (Some(f), _) => f64::from(u8::from(f.seat == Seat::B)),
        (None, Some(winner)) if winner == a_side => 1.0,
        (None, Some(_)) => 0.0,
        (None, None) => 0.5,
    };
    GameReport {
        index,
        a_side,
        opening: opening.to_vec(),
        actions: game.actions().to_vec(),
        outcome,
        forfeit,
        a_points,
        turns,
        a_timing: timing[0],
        b_timing: timing[1],
    }
}

/// Plays a player's turn on `game`: false if it had nothing to play, an error if an action is
/// illegal or the turn is left unfinished.
fn play_turn(game: &mut Game, actions: &[Action]) -> Result<bool, String> {
    let Some((last, first)) = actions.split_last() else {
        return Ok(false);
    };
    for &action in first {
        let applied = game
            .play(action)
            .map_err(|e| format!("illegal action {action}: {e}"))?;
        if applied.turn_ended || game.is_over() {
            return Err(format!("action {action} ended the turn, yet more followed"));
        }
    }
    let applied = game
        .play(*last)
        .map_err(|e| format!("illegal action {last}: {e}"))?;
    if !applied.turn_ended && !game.is_over() {
        return Err(format!("the turn is unfinished after {last}"));
    }
    Ok(true)
}

/// Plays the match between our engines, calling `on_game` (on the calling thread) as each game
/// finishes.
pub fn play_match(config: &MatchConfig, on_game: &mut dyn FnMut(&GameReport)) -> MatchReport {
    play_match_with(config, &engine_players(config), on_game)
}

/// Plays the match between the players `make_player` makes for each seat and game (on the
/// game's thread), calling `on_game` (on the calling thread) as each game finishes. The
/// [`Player`]s of `config` serve only as labels where `make_player` gives other players.
pub fn play_match_with(
    config: &MatchConfig,
    make_player: &MakePlayer<'_>,
    on_game: &mut dyn FnMut(&GameReport),
) -> MatchReport {
    let start = Instant::now();
    let openings = match_openings(config);
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<GameReport>();
    let mut games = Vec::with_capacity(2 * openings.len());
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            let sender = sender.clone();
            let (next, openings) = (&next, &openings);
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= 2 * openings.len() {
                        break;
                    }
                    let a_side = if index % 2 == 0 { Side::P1 } else { Side::P2 };
                    let report = play_game_with(
                        config,
                        index as u32,
                        &openings[index / 2],
                        a_side,
                        make_player,
                    );
                    if sender.send(report).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for report in receiver {
            on_game(&report);
            games.push(report);
        }
    });
    games.sort_by_key(|g| g.index);
    let mut stats = MatchStats::default();
    let mut a_timing = Timing::default();
    let mut b_timing = Timing::default();
    for g in &games {
        stats.add(g.a_points);
        a_timing.merge(&g.a_timing);
        b_timing.merge(&g.b_timing);
    }
    MatchReport {
        stats,
        games,
        a_timing,
        b_timing,
        elapsed: start.elapsed(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mills_core::{spsa_weights, weights_for};

    #[test]
    fn players_parse() {
        let p: Player = "7".parse().unwrap();
        assert_eq!(p.style, Level::new(7).unwrap().style());
        let p: Player = "ms=300+noqs".parse().unwrap();
        assert_eq!(p.style.limits.time, Some(Duration::from_millis(300)));
        assert!(!p.options.quiescence);
        let p: Player = "depth=3".parse().unwrap();
        assert_eq!(p.style.limits.depth, Some(3));
        assert_eq!(p.weights(Variant::ZhiQi), None);
        let p: Player = "depth=3+w:open_two=20+w:blocked=15".parse().unwrap();
        let weights = p.weights(Variant::ZhiQi).unwrap();
        assert_eq!((weights.open_two, weights.blocked), (20, 15));
        assert_eq!(weights.piece, weights_for(Variant::ZhiQi).piece);
        // Level 10 searches with the extension and the reductions, lower levels without;
        // +v1 is the first version's level 10, +noext/+nolmr switch one part off; +tt=N
        // gives another table size (the apps' by default).
        let p: Player = "10".parse().unwrap();
        assert_eq!(p.options, SearchOptions::default());
        assert_eq!(Player::level(Level::MAX).options, SearchOptions::default());
        let p: Player = "9".parse().unwrap();
        assert_eq!(p.options, SearchOptions::FIRST_VERSION);
        let p: Player = "10+v1".parse().unwrap();
        assert_eq!(p.options, SearchOptions::FIRST_VERSION);
        let p: Player = "ms=200+noext".parse().unwrap();
        assert!(!p.options.blockade_extension && p.options.late_move_reductions);
        let p: Player = "ms=200+nolmr".parse().unwrap();
        assert!(p.options.blockade_extension && !p.options.late_move_reductions);
        // Level 10 and the ms= players search to the deadline, +early as level 10 did before.
        assert!(SearchOptions::default().search_to_deadline);
        let p: Player = "10+early".parse().unwrap();
        assert_eq!(
            p.options,
            SearchOptions {
                search_to_deadline: false,
                ..SearchOptions::default()
            }
        );
        // The last placement extension is a candidate: off in every level, on with +lpext.
        assert!(!SearchOptions::default().last_placement_extension);
        let p: Player = "10+lpext".parse().unwrap();
        assert_eq!(
            p.options,
            SearchOptions {
                last_placement_extension: true,
                ..SearchOptions::default()
            }
        );
        // So is the forced block extension, on with +blockext.
        assert!(!SearchOptions::default().forced_block_extension);
        let p: Player = "10+blockext".parse().unwrap();
        assert_eq!(
            p.options,
            SearchOptions {
                forced_block_extension: true,
                ..SearchOptions::default()
            }
        );
        let deadline = |text: &str| text.parse::<Player>().unwrap().options.search_to_deadline;
        assert!(deadline("ms=200") && deadline("10"));
        assert!(!deadline("9") && !deadline("10+v1"));
        let p: Player = "10+tt=16".parse().unwrap();
        assert_eq!((p.table_bits, p.options), (16, SearchOptions::default()));
        assert_eq!(Player::level(Level::MAX).table_bits, Engine::TABLE_BITS);
        // Level 10 and the ms=/depth= players evaluate with the game's (fitted) weights,
        // levels 1-9 and +spsa with the self-play ones; +w: changes single weights of the
        // set the player would use.
        let fitted = weights_for(Variant::TwelveMensMorris);
        let spsa = spsa_weights(Variant::TwelveMensMorris);
        assert_ne!(spsa, fitted);
        for (text, fitted_weights) in [("10", true), ("ms=50", true), ("9", false)] {
            let p: Player = text.parse().unwrap();
            assert_eq!(p.options.fitted_weights, fitted_weights, "{text}");
        }
        let p: Player = "10+spsa".parse().unwrap();
        assert_eq!(
            p.options,
            SearchOptions {
                fitted_weights: false,
                ..SearchOptions::default()
            }
        );
        let p: Player = "10+spsa+w:tempo=3".parse().unwrap();
        assert_eq!(
            p.weights(Variant::TwelveMensMorris),
            Some(Weights { tempo: 3, ..spsa })
        );
        let p: Player = "10+w:tempo=3".parse().unwrap();
        assert_eq!(
            p.weights(Variant::TwelveMensMorris),
            Some(Weights { tempo: 3, ..fitted })
        );
        let p: Player = "depth=5+t=4+loss=30".parse().unwrap();
        assert_eq!((p.style.temperature, p.style.max_loss), (4.0, 30));
        for bad in [
            "0",
            "11",
            "x",
            "5+fast",
            "ms=abc",
            "4+w:size=3",
            "4+w:piece",
            "4+w:piece=x",
            "4+t=warm",
            "10+tt=3",
            "10+tt=27",
            "10+tt=x",
        ] {
            assert!(bad.parse::<Player>().is_err(), "{bad}");
        }
    }

    #[test]
    fn stats_score_and_margin() {
        let stats = MatchStats {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        assert!((stats.score() - 0.7).abs() < 1e-9);
        // Variance: (60·0.09 + 20·0.04 + 20·0.49)/100 = 0.16; margin 1.96·0.04.
        assert!((stats.margin95() - 1.96 * 0.04).abs() < 1e-9);
        assert!(stats.elo() > 100.0);
    }

    #[test]
    fn a_small_match_is_reproducible_and_balanced() {
        let a: Player = "depth=1".parse().unwrap();
        let b: Player = "depth=1".parse().unwrap();
        let mut config = MatchConfig::new(Variant::TwelveMensMorris, a, b);
        config.games = 4;
        config.threads = 2;
        let first = play_match(&config, &mut |_| {});
        let second = play_match(&config, &mut |_| {});
        assert_eq!(first.stats.games(), 4);
        assert_eq!(first.games[0].opening, first.games[1].opening);
        assert_eq!(first.games[0].a_side, Side::P1);
        assert_eq!(first.games[1].a_side, Side::P2);
        // The halves by side add up to the whole, each from its own games.
        let (as_p1, as_p2) = (first.stats_as(Side::P1), first.stats_as(Side::P2));
        assert_eq!((as_p1.games(), as_p2.games()), (2, 2));
        assert_eq!(as_p1.wins + as_p2.wins, first.stats.wins);
        assert_eq!(as_p1.losses + as_p2.losses, first.stats.losses);
        let p1_points: f64 = first.games.iter().step_by(2).map(|g| g.a_points).sum();
        assert_eq!(as_p1.score() * 2.0, p1_points);
        for (x, y) in first.games.iter().zip(&second.games) {
            assert_eq!(x.actions, y.actions);
        }
    }

    /// A player that always says an action on an occupied point.
    struct Occupied;

    impl TurnPlayer for Occupied {
        fn label(&self) -> String {
            "occupied".to_string()
        }

        fn budget(&self) -> Option<Duration> {
            None
        }

        fn play_turn(&mut self, game: &Game) -> Result<Vec<Action>, String> {
            let taken = game.actions()[0];
            Ok(vec![taken])
        }
    }

    fn depth_one_config() -> MatchConfig {
        let player: Player = "depth=1".parse().unwrap();
        let mut config = MatchConfig::new(Variant::TwelveMensMorris, player.clone(), player);
        config.games = 2;
        config
    }

    #[test]
    fn the_trait_plays_as_play_match_did() {
        let config = depth_one_config();
        let direct = play_match(&config, &mut |_| {});
        let through = play_match_with(&config, &engine_players(&config), &mut |_| {});
        for (x, y) in direct.games.iter().zip(&through.games) {
            assert_eq!(x.actions, y.actions);
            assert_eq!(x.forfeit, None);
        }
    }

    #[test]
    fn an_illegal_action_forfeits_the_game() {
        let config = depth_one_config();
        let engines = engine_players(&config);
        let make = |seat: Seat, index: u32| match seat {
            Seat::A => engines(seat, index),
            Seat::B => Ok(Box::new(Occupied) as Box<dyn TurnPlayer>),
        };
        let report = play_match_with(&config, &make, &mut |_| {});
        assert_eq!(report.stats.wins, 2);
        for game in &report.games {
            let forfeit = game.forfeit.as_ref().expect("B forfeits");
            assert_eq!(forfeit.seat, Seat::B);
            assert!(forfeit.reason.starts_with("illegal action"), "{forfeit}");
            assert_eq!(game.outcome, None);
            assert_eq!(game.a_points, 1.0);
            // its record: B's side resigned, so A's side wins
            let recorded = game.recorded_game(Rules::of(config.variant)).unwrap();
            assert_eq!(recorded.resigned(), Some(game.a_side.opponent()));
            assert_eq!(
                recorded.outcome().and_then(|o| o.winner()),
                Some(game.a_side)
            );
            assert_eq!(recorded.actions(), &game.actions[..]);
        }
    }

    /// A player that says two placements in one turn: the first ends the turn, so the
    /// answer is illegal after a legal first action.
    struct TwoPlacements;

    impl TurnPlayer for TwoPlacements {
        fn label(&self) -> String {
            "two placements".to_string()
        }

        fn budget(&self) -> Option<Duration> {
            None
        }

        fn play_turn(&mut self, game: &Game) -> Result<Vec<Action>, String> {
            Ok(game
                .position()
                .legal_actions()
                .iter()
                .copied()
                .take(2)
                .collect())
        }
    }

    #[test]
    fn a_forfeited_turn_is_not_played_and_its_record_is_a_resignation_where_it_began() {
        let mut config = depth_one_config();
        config.opening_turns = 0;
        let engines = engine_players(&config);
        let make = |seat: Seat, index: u32| match seat {
            Seat::A => engines(seat, index),
            Seat::B => Ok(Box::new(TwoPlacements) as Box<dyn TurnPlayer>),
        };
        let report = play_match_with(&config, &make, &mut |_| {});
        for game in &report.games {
            let forfeit = game.forfeit.as_ref().expect("B forfeits");
            assert!(forfeit.reason.contains("yet more followed"), "{forfeit}");
            // B's first turn is not in the game: A's opening turn at most
            let b_side = game.a_side.opponent();
            let expected = if b_side == Side::P1 { 0 } else { 1 };
            assert_eq!(game.actions.len(), expected, "{:?}", game.actions);
            let recorded = game.recorded_game(Rules::of(config.variant)).unwrap();
            assert_eq!(recorded.actions(), &game.actions[..]);
            assert_eq!(recorded.resigned(), Some(b_side));
            assert_eq!(
                recorded.outcome().and_then(|o| o.winner()),
                Some(game.a_side)
            );
        }
        // without a forfeit the game is recorded as played, unfinished if the cap ended it
        let capped = GameReport {
            forfeit: None,
            ..report.games[0].clone()
        };
        assert!(
            !capped
                .recorded_game(Rules::of(config.variant))
                .unwrap()
                .is_over()
        );
    }

    #[test]
    fn a_turn_is_played_whole_or_not_at_all() {
        let actions = |text: &str| mills_core::parse_actions(text).unwrap();
        let rules = Rules::of(Variant::TwelveMensMorris);
        // P1 closes the mill a1-a4-a7 and owes a removal.
        let start = Game::replay(rules, &actions("a1 b2 a4 b4")).unwrap();
        let mut game = start.clone();
        assert_eq!(play_turn(&mut game, &actions("a7 xb2")), Ok(true));
        assert_eq!(game.actions().len(), 6);
        let mut game = start.clone();
        let unfinished = play_turn(&mut game, &actions("a7")).unwrap_err();
        assert!(unfinished.contains("unfinished"), "{unfinished}");
        let mut game = start.clone();
        let too_many = play_turn(&mut game, &actions("d1 d2")).unwrap_err();
        assert!(too_many.contains("yet more followed"), "{too_many}");
        let mut game = start;
        let illegal = play_turn(&mut game, &actions("a1")).unwrap_err();
        assert!(illegal.starts_with("illegal action a1"), "{illegal}");
        assert_eq!(play_turn(&mut game, &[]), Ok(false));
    }

    #[test]
    fn a_player_that_cannot_start_forfeits() {
        let config = depth_one_config();
        let engines = engine_players(&config);
        let broken = |seat: Seat, index: u32| match seat {
            Seat::A => engines(seat, index),
            Seat::B => Err("cannot start".to_string()),
        };
        let report = play_match_with(&config, &broken, &mut |_| {});
        assert_eq!(report.stats.wins, 2);
        assert!(report.games.iter().all(|g| g.turns == 0
            && g.forfeit
                == Some(Forfeit {
                    seat: Seat::B,
                    reason: "cannot start".to_string()
                })));
    }
}
