//! What `mills online` prints besides `mills play`'s board: its help, the clock line, the
//! invite code as people read it, and the other player's text made safe for a terminal.

use mills_core::Side;
use mills_ffi::OnlineStatus;

/// The commands of a game against a friend, shown by `help`.
pub const ONLINE_HELP: &str = "\
At your turn, type an action or a whole turn:
  d6          place a piece on d6
  d6-d5       step the piece on d6 to d5 (along a line, to a free point next to it)
  xd7         capture, pin or pull the piece on d7 (the game says which is owed)
  d6-d5xd7    a whole turn: a step and the capture it earns
A turn typed before your turn waits for it. Commands:
  legal       list the legal actions
  board       draw the board again, with the clock
  resign      give up the game
  rematch     once the game is over: ask for another (sides swap)
  quit        leave the room (the game goes on at the server)
  help        this text
";

/// "Clock: P1 42 s (to move) · P2 60 s": the server's clock, counted down since it spoke.
pub fn clock_line(status: &OnlineStatus) -> String {
    let clocks: Vec<String> = status
        .clocks
        .iter()
        .map(|clock| {
            let seconds = clock.left_ms.map_or(0, |ms| ms.div_ceil(1000));
            let running = if clock.running { " (to move)" } else { "" };
            format!("{} {seconds} s{running}", Side::from(clock.player))
        })
        .collect();
    format!("Clock: {}", clocks.join(" · "))
}

/// An invite code in groups of four (`K7QM-2XRP-9DTA`), as the apps and the invite page show
/// it; printable whatever the server sent.
pub fn spelled(code: &str) -> String {
    mills_protocol::spelled_code(&printable(code))
}

/// Text from the server or the other player, safe to print: control characters (escape
/// sequences, line breaks) become `?`.
pub fn printable(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_spelled_in_groups_of_four() {
        assert_eq!(spelled("K7QM2XRP9DTA"), "K7QM-2XRP-9DTA");
    }

    #[test]
    fn the_other_players_text_cannot_drive_the_terminal() {
        assert_eq!(printable("Bo\u{1b}[2J\nEve"), "Bo?[2J?Eve");
        assert_eq!(printable("李 Ann"), "李 Ann");
    }
}
