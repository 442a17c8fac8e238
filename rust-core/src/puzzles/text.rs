//! The puzzle screen's sentences in every language the engine speaks: the goal ("White to
//! move and win in 5") and what a wrong turn allows. They are the engine's because the
//! numbers in them are the tables' and both apps must say the same thing.

use crate::content::Locale;
use crate::rules::{Side, Variant};

use super::goal::TacticGoal;
use super::play::Consequence;

/// The goal of a puzzle: `side` to move and win in `turns` of its own turns.
pub fn goal_text(side: Side, turns: u8, locale: Locale) -> String {
    match locale {
        Locale::English => {
            let side = if side == Side::P1 { "White" } else { "Black" };
            format!("{side} to move and win in {turns}")
        }
        Locale::SimplifiedChinese => {
            let side = if side == Side::P1 { "白方" } else { "黑方" };
            format!("{side}先走，{turns} 回合内获胜")
        }
        Locale::TraditionalChinese => {
            let side = if side == Side::P1 { "白方" } else { "黑方" };
            format!("{side}先走，{turns} 回合內獲勝")
        }
    }
}

/// The goal of a tactic: `side` to move gains `goal.gain` within `goal.turns` of its own
/// turns, whatever the opponent does; the gain is material in Twelve Men's Morris and Zhi
/// Qi (a pin counts two) and banked pieces in Linked-Horse (docs/puzzles.md, "Tactics").
pub fn tactic_goal_text(side: Side, variant: Variant, goal: TacticGoal, locale: Locale) -> String {
    let TacticGoal { gain, turns } = goal;
    let banks = variant == Variant::LinkedHorse;
    match locale {
        Locale::English => {
            let (us, them) = if side == Side::P1 {
                ("White", "Black")
            } else {
                ("Black", "White")
            };
            let what = match (banks, gain) {
                (true, 1) => format!("bank 1 piece more than {them}"),
                (true, k) => format!("bank {k} pieces more than {them}"),
                (false, 1) => "come out 1 piece ahead".to_string(),
                (false, k) => format!("come out {k} pieces ahead"),
            };
            format!("{us} to move: {what} within {turns} turns, whatever {them} does")
        }
        Locale::SimplifiedChinese | Locale::TraditionalChinese => {
            let simplified = locale == Locale::SimplifiedChinese;
            // The words the two scripts write differently: within, net, stable, whatever,
            // responds.
            let [within, net, stable, whatever, responds] = if simplified {
                ["内", "净", "厩", "无论", "应对"]
            } else {
                ["內", "淨", "廄", "無論", "應對"]
            };
            let (us, them) = if side == Side::P1 {
                ("白方", "黑方")
            } else {
                ("黑方", "白方")
            };
            let what = if banks {
                format!("比{them}多入{stable} {gain} 子")
            } else {
                format!("{net}得 {gain} 子")
            };
            format!("{us}先走，{turns} 回合{within}{what}（{whatever}{them}如何{responds}）")
        }
    }
}

/// What a wrong turn allows, said to the player who made it.
pub fn consequence_text(consequence: Consequence, locale: Locale) -> String {
    match (consequence, locale) {
        (Consequence::Draw, Locale::English) => "Now it is a draw with best play.".to_string(),
        (Consequence::Draw, Locale::SimplifiedChinese) => {
            "这样一来，双方都走对就是和棋。".to_string()
        }
        (Consequence::Draw, Locale::TraditionalChinese) => {
            "這樣一來，雙方都走對就是和棋。".to_string()
        }
        (Consequence::Loss { opponent_turns: 0 }, Locale::English) => {
            "This turn loses the game.".to_string()
        }
        (Consequence::Loss { opponent_turns: 0 }, Locale::SimplifiedChinese) => {
            "这一步直接输掉了这盘棋。".to_string()
        }
        (Consequence::Loss { opponent_turns: 0 }, Locale::TraditionalChinese) => {
            "這一步直接輸掉了這盤棋。".to_string()
        }
        (Consequence::Loss { opponent_turns: n }, Locale::English) => {
            format!("Now you lose in {n} {}.", turns_word(n))
        }
        (Consequence::Loss { opponent_turns: n }, Locale::SimplifiedChinese) => {
            format!("这样一来，对方 {n} 回合内就能获胜。")
        }
        (Consequence::Loss { opponent_turns: n }, Locale::TraditionalChinese) => {
            format!("這樣一來，對方 {n} 回合內就能獲勝。")
        }
        (Consequence::SlowerWin { turns }, Locale::English) => {
            format!(
                "Still a win, but now it takes {turns} more {}: too slow.",
                turns_word(turns)
            )
        }
        (Consequence::SlowerWin { turns }, Locale::SimplifiedChinese) => {
            format!("还能赢，但还要再走 {turns} 回合，太慢了。")
        }
        (Consequence::SlowerWin { turns }, Locale::TraditionalChinese) => {
            format!("還能贏，但還要再走 {turns} 回合，太慢了。")
        }
        (Consequence::GoalNotForced, Locale::English) => {
            "Now the opponent can stop the goal in the turns left.".to_string()
        }
        (Consequence::GoalNotForced, Locale::SimplifiedChinese) => {
            "这样一来，对方能在剩下的回合里挡住目标。".to_string()
        }
        (Consequence::GoalNotForced, Locale::TraditionalChinese) => {
            "這樣一來，對方能在剩下的回合裡擋住目標。".to_string()
        }
    }
}

fn turns_word(n: u16) -> &'static str {
    if n == 1 { "turn" } else { "turns" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sentence_has_its_numbers_in_every_language() {
        for locale in Locale::ALL {
            let goal = goal_text(Side::P2, 5, locale);
            assert!(goal.contains('5'), "{goal}");
            for (consequence, number) in [
                (Consequence::Loss { opponent_turns: 7 }, Some('7')),
                (Consequence::SlowerWin { turns: 9 }, Some('9')),
                (Consequence::Draw, None),
                (Consequence::Loss { opponent_turns: 0 }, None),
                (Consequence::GoalNotForced, None),
            ] {
                let text = consequence_text(consequence, locale);
                assert!(!text.is_empty());
                if let Some(digit) = number {
                    assert!(text.contains(digit), "{text}");
                }
            }
        }
        assert_eq!(
            goal_text(Side::P1, 5, Locale::English),
            "White to move and win in 5"
        );
        assert_eq!(
            consequence_text(Consequence::Loss { opponent_turns: 1 }, Locale::English),
            "Now you lose in 1 turn."
        );
        for consequence in [Consequence::Draw, Consequence::GoalNotForced] {
            assert_ne!(
                consequence_text(consequence, Locale::SimplifiedChinese),
                consequence_text(consequence, Locale::TraditionalChinese)
            );
        }
    }

    #[test]
    fn a_tactics_goal_says_its_gain_and_turns_in_every_language() {
        let goal = TacticGoal { gain: 2, turns: 3 };
        for variant in Variant::ALL {
            for locale in Locale::ALL {
                let text = tactic_goal_text(Side::P2, variant, goal, locale);
                assert!(text.contains('2') && text.contains('3'), "{text}");
            }
        }
        assert_eq!(
            tactic_goal_text(Side::P1, Variant::TwelveMensMorris, goal, Locale::English),
            "White to move: come out 2 pieces ahead within 3 turns, whatever Black does"
        );
        assert_eq!(
            tactic_goal_text(
                Side::P2,
                Variant::LinkedHorse,
                TacticGoal { gain: 1, turns: 2 },
                Locale::English
            ),
            "Black to move: bank 1 piece more than White within 2 turns, whatever White does"
        );
        assert_eq!(
            tactic_goal_text(Side::P1, Variant::ZhiQi, goal, Locale::TraditionalChinese),
            "白方先走，3 回合內淨得 2 子（無論黑方如何應對）"
        );
    }
}
