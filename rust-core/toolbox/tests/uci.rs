//! The UCI-style protocol of `mills uci`, driven through a reader and a shared writer.

use std::io::Write;
use std::sync::{Arc, Mutex};

use mills_core::{Action, Game, Rules, parse_actions};
use mills_toolbox::uci;

/// A writer whose bytes the test can read afterwards.
#[derive(Clone, Default)]
struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Write for Buffer {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn session(script: &str) -> Vec<String> {
    let buffer = Buffer::default();
    uci::run(script.as_bytes(), uci::shared_output(buffer.clone())).unwrap();
    let text = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
    text.lines().map(String::from).collect()
}

fn bestmoves(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(String::from)
        .collect()
}

#[test]
fn handshake_names_the_engine_and_its_options() {
    let lines = session("uci\nisready\nquit\n");
    assert!(lines[0].starts_with("id name Mills "), "{lines:?}");
    assert!(lines[1].starts_with("id author "));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Variant type combo"))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name SkillLevel type spin"))
    );
    let uciok = lines.iter().position(|l| l == "uciok").unwrap();
    assert_eq!(lines[uciok + 1], "readyok");
}

#[test]
fn go_depth_answers_with_info_and_a_legal_bestmove() {
    let moves = "d7 e3 a1 f4 a4 f6 c3 g7 f2 b4 a7";
    let lines = session(&format!(
        "setoption name Variant value twelve-mens-morris\nposition startpos moves {moves}\n\
         go depth 3\n"
    ));
    let info = lines.iter().find(|l| l.starts_with("info depth")).unwrap();
    for key in [" score ", " nodes ", " nps ", " pv "] {
        assert!(info.contains(key), "{info}");
    }
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1, "{lines:?}");
    // a7 closed a7-d7?-no: the position owes nothing; the answer is a legal placement.
    let game = Game::replay(Rules::TWELVE_MENS_MORRIS, &parse_actions(moves).unwrap()).unwrap();
    let action: Action = best[0].parse().unwrap();
    assert!(
        game.position().legal_actions().contains(&action),
        "{action}"
    );
}

#[test]
fn a_removal_is_its_own_bestmove_and_whole_turn_tokens_are_read() {
    // Twelve Men's Morris: P1 closes a1-a4-a7 with a7 and owes a capture.
    let lines = session(
        "setoption name Variant value twelve-mens-morris\n\
         position startpos moves a1 g1 a4 g4 a7\ngo depth 2\n\
         position startpos moves a1 g1 a4 g4 a7xg1 d7\ngo movetime 50\n",
    );
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 2, "{lines:?}");
    assert!(best[0].starts_with('x'), "{best:?}");
    let game = Game::replay(
        Rules::TWELVE_MENS_MORRIS,
        &parse_actions("a1 g1 a4 g4 a7 xg1 d7").unwrap(),
    )
    .unwrap();
    let action: Action = best[1].parse().unwrap();
    assert!(game.position().legal_actions().contains(&action));
}

#[test]
fn a_finished_game_answers_none_and_bad_input_is_reported() {
    // Twelve Men's Morris H: a full board when placing ends is a draw.
    let h = "d7 a7 g7 g4 d1 g1 a4 a1 b6 d6 f6 f4 f2 b2 d2 b4 d5 c5 e4 e5 c3 e3 c4 d3";
    let lines = session(&format!(
        "setoption name Variant value twelve-mens-morris\nposition startpos moves {h}\ngo\n\
         position startpos moves d7 d7\nsetoption name Variant value chess\nfrobnicate\n\
         setoption name SkillLevel value 0\n"
    ));
    assert_eq!(bestmoves(&lines), ["none"]);
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .collect();
    assert_eq!(infos.len(), 4, "{lines:?}");
    assert!(infos[0].contains("d7 is occupied"), "{infos:?}");
}

#[test]
fn go_infinite_waits_for_stop() {
    let lines = session("position startpos moves d6\ngo infinite\nisready\nstop\nquit\n");
    let ready = lines.iter().position(|l| l == "readyok").unwrap();
    let best = lines
        .iter()
        .position(|l| l.starts_with("bestmove"))
        .unwrap();
    assert!(ready < best, "{lines:?}");
    assert_eq!(bestmoves(&lines).len(), 1);
}

#[test]
fn skill_level_go_plays_a_legal_action() {
    let lines = session("setoption name SkillLevel value 1\nposition startpos\ngo\n");
    let best = bestmoves(&lines);
    let action: Action = best[0].parse().unwrap();
    assert!(
        Game::new(Rules::ZHIQI)
            .position()
            .legal_actions()
            .contains(&action)
    );
}
