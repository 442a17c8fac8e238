//! The lessons: every lesson loads and checks, and a learner who
//! plays one gets the answers the lesson promises.

use mills_core::Locale;
use mills_core::{Action, Side, Variant, WinReason, parse_actions};
use mills_core::{
    LESSON_NOT_THIS_TIME as NOT_THIS_TIME, LessonData, LessonGoal as Goal, LessonProblem,
    LessonText as Text, LessonVerdict as Verdict, WrongAnswer,
};

fn act(text: &str) -> Action {
    text.parse().unwrap()
}

fn runner(id: &str) -> mills_core::LessonRunner {
    mills_core::lesson(id)
        .unwrap_or_else(|e| panic!("{e}"))
        .runner()
}

#[test]
fn every_lesson_loads_and_each_game_has_at_least_six() {
    let loaded = mills_core::load_all_lessons().unwrap_or_else(|e| panic!("{e}"));
    for variant in Variant::ALL {
        let course = mills_core::lesson_course(variant);
        assert!(course.len() >= 6, "{variant}: {} lessons", course.len());
        assert!(course.iter().all(|l| l.variant == variant));
        assert!(
            course
                .iter()
                .any(|l| l.goal == Goal::TimeOut && l.timer_seconds.is_some()),
            "{variant} has a timer lesson"
        );
    }
    assert_eq!(loaded.len(), mills_core::all_lessons().count());
}

#[test]
fn every_lesson_passes_the_check() {
    let report = mills_core::check_lessons();
    let failures: Vec<String> = report.failures.iter().map(|f| f.to_string()).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(report.lessons, mills_core::all_lessons().count());
    let lines: usize = mills_core::all_lessons().map(|l| l.solutions.len()).sum();
    assert_eq!(report.lines, lines, "every solution line is solved");
    let wrong: usize = mills_core::all_lessons()
        .flat_map(|l| l.wrong.iter())
        .map(|w| w.actions.len())
        .sum();
    assert_eq!(
        report.wrong_answers, wrong,
        "every wrong answer is explained"
    );
}

#[test]
fn every_start_is_reached_by_legal_actions_with_the_learner_to_move() {
    for data in mills_core::all_lessons() {
        let lesson = mills_core::Lesson::load(data).unwrap();
        let actions = parse_actions(data.start).unwrap();
        let game = mills_core::Game::replay(mills_core::Rules::of(data.variant), &actions)
            .unwrap_or_else(|e| panic!("{}: {e}", data.id));
        assert_eq!(game.position(), lesson.start().position(), "{}", data.id);
        assert!(!game.is_over(), "{}", data.id);
        assert_eq!(game.position().side_to_move(), data.learner, "{}", data.id);
    }
}

#[test]
fn every_text_is_in_english_and_both_chineses() {
    let cjk = |s: &str| s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
    let mut texts = 0;
    for data in mills_core::all_lessons() {
        for (field, text) in data.texts() {
            assert!(!text.en.is_empty() && !cjk(text.en), "{} {field}", data.id);
            assert!(cjk(text.zh), "{} {field}", data.id);
            assert!(cjk(text.zh_hant), "{} {field}", data.id);
            assert_eq!(text.get(Locale::English), text.en);
            assert_eq!(text.get(Locale::SimplifiedChinese), text.zh);
            assert_eq!(text.get(Locale::TraditionalChinese), text.zh_hant);
            for locale in Locale::ALL {
                assert!(!text.get(locale).trim().is_empty(), "{} {field}", data.id);
            }
            texts += 1;
        }
        // A short text can be the same in both scripts ("e4 只能走到 e5。"), a lesson cannot.
        let all = |get: fn(&Text) -> &'static str| -> String {
            data.texts().iter().map(|(_, t)| get(t)).collect()
        };
        assert_ne!(all(|t| t.zh), all(|t| t.zh_hant), "{}", data.id);
    }
    assert!(texts >= 100, "{texts} lesson texts");
}

#[test]
fn a_tap_on_a_mill_piece_is_explained_and_changes_nothing() {
    let mut r = runner("zhiqi-mill-protection");
    assert_eq!(r.attempt(act("f2")), Verdict::Continue);
    let before = *r.position();
    let verdict = r.attempt(act("xa7"));
    let Verdict::Wrong { why } = verdict.clone() else {
        panic!("{verdict:?}");
    };
    assert!(
        why.en
            .starts_with("That piece is protected: it stands in a mill")
    );
    assert_eq!(*r.position(), before);
    assert!(
        r.message(&verdict, Locale::SimplifiedChinese)
            .unwrap()
            .contains("受保护")
    );
    assert!(
        r.message(&verdict, Locale::TraditionalChinese)
            .unwrap()
            .contains("受保護")
    );
    assert_eq!(r.attempt(act("xc5")), Verdict::Solved);
    assert!(r.is_solved());
    assert_eq!(r.position().owner(act_point("c5")), Some(Side::P1), "a pin");
    assert_eq!(r.attempt(act("a1")), Verdict::Finished);
}

fn act_point(text: &str) -> mills_core::Point {
    text.parse().unwrap()
}

#[test]
fn an_unlisted_legal_move_gets_the_generic_message_and_the_hint() {
    let mut r = runner("zhiqi-pin");
    let start = *r.position();
    let verdict = r.attempt(act("a1"));
    assert_eq!(verdict, Verdict::NotThisTime);
    assert_eq!(*r.position(), start);
    let message = r.message(&verdict, Locale::English).unwrap();
    assert!(message.starts_with(NOT_THIS_TIME.en), "{message}");
    assert!(message.contains(r.lesson().data.hint.en), "{message}");
    // An illegal one is the rules' refusal.
    assert!(matches!(r.attempt(act("xe4")), Verdict::Illegal(_)));
    assert_eq!(r.attempt(act("g7")), Verdict::Continue);
    assert_eq!(r.attempt(act("xe3")), Verdict::Solved);
}

#[test]
fn the_opponent_replies_from_the_script_and_try_again_starts_over() {
    let mut r = runner("twelve-mens-morris-shuttle");
    let start = *r.position();
    assert_eq!(r.attempt(act("d2-f2")), Verdict::Continue);
    assert_eq!(
        r.attempt(act("xb2")),
        Verdict::Replied {
            reply: vec![act("a4-a7")]
        }
    );
    assert_eq!(r.position().side_to_move(), Side::P1);
    assert_eq!(r.tally().captures, 1);
    r.reset();
    assert_eq!(*r.position(), start);
    assert_eq!(r.tally().captures, 0);
    let turns = parse_actions("d2-f2xb2 f2-d2xe4").unwrap();
    assert_eq!(r.attempt_actions(&turns), Verdict::Solved);
    assert_eq!(r.tally().captures, 2);
}

#[test]
fn a_whole_turn_is_all_or_nothing() {
    let mut r = runner("zhiqi-mill-protection");
    let start = *r.position();
    let verdict = r.attempt_actions(&parse_actions("f2 xd7").unwrap());
    assert!(matches!(verdict, Verdict::Wrong { .. }), "{verdict:?}");
    assert_eq!(*r.position(), start, "the placement is taken back too");
}

#[test]
fn the_timer_lesson_passes_the_turn_and_the_pull_stands() {
    let mut r = runner("zhiqi-timer");
    assert_eq!(r.lesson().data.timer_seconds, Some(10));
    assert_eq!(r.attempt(act("xd7")), Verdict::Continue);
    let wrong = r.attempt(act("a7-d7"));
    assert!(matches!(wrong, Verdict::Wrong { .. }), "{wrong:?}");
    assert_eq!(r.time_out(), Verdict::Solved);
    let position = r.position();
    assert_eq!(position.side_to_move(), Side::P1);
    assert_eq!(position.lost(Side::P1), 1, "the pull stands");
    assert_eq!(position.owner(act_point("d7")), None, "the step is lost");
}

#[test]
fn a_blocked_opponent_pull_does_not_count_as_the_learner_mid_turn() {
    // After Black's pull and step in H, White is blocked: the engine says a pull is owed,
    // which is the start of White's turn, so the lesson starts there.
    let r = runner("zhiqi-pull");
    assert_eq!(r.position().side_to_move(), Side::P1);
    assert!(r.position().is_mid_turn());
    assert!(!mills_core::owes_rest_of_turn(r.position()));
}

#[test]
fn the_win_lessons_end_the_game() {
    for (id, reason) in [
        ("zhiqi-take-all", WinReason::TookAll),
        ("linked-horse-blocked", WinReason::Blocked),
        ("twelve-mens-morris-two-pieces", WinReason::ReducedToTwo),
    ] {
        let lesson = mills_core::lesson(id).unwrap();
        let mut r = lesson.runner();
        let line: Vec<Action> = lesson.data.solutions[0][0]
            .split_whitespace()
            .map(|w| match w {
                "x*" => r
                    .position()
                    .legal_actions()
                    .first()
                    .copied()
                    .unwrap_or(Action::Pass),
                _ => act(w),
            })
            .take(1)
            .collect();
        let mut verdict = r.attempt(line[0]);
        if verdict == Verdict::Continue {
            let take = r.position().legal_actions()[0];
            verdict = r.attempt(take);
        }
        assert_eq!(verdict, Verdict::Solved, "{id}");
        assert_eq!(
            r.game().outcome().and_then(|o| o.winner()),
            Some(Side::P1),
            "{id}"
        );
        assert!(
            matches!(r.game().outcome(), Some(mills_core::Outcome::Win { reason: r, .. }) if r == reason),
            "{id}"
        );
    }
}

// ---- Bad lessons are typed errors ------------------------------------------------------------

const T: Text = Text {
    en: "text",
    zh: "文字",
    zh_hant: "文字",
};

const fn bad(start: &'static str, learner: Side, title: Text) -> LessonData {
    LessonData {
        id: "test-bad",
        variant: Variant::ZhiQi,
        learner,
        title,
        text: T,
        goal_text: T,
        goal: Goal::Pins(1),
        start,
        solutions: &[&["g7 x*"]],
        hint: T,
        wrong: &[WrongAnswer {
            actions: &["e5"],
            why: T,
        }],
        timer_seconds: None,
        solved_text: T,
    }
}

static ILLEGAL_START: LessonData = bad("a7 e4 a7", Side::P1, T);
static UNREADABLE_START: LessonData = bad("a7 z9", Side::P1, T);
static WRONG_LEARNER: LessonData = bad("a7 e4 d7 e3", Side::P2, T);
static NO_CHINESE: LessonData = bad(
    "a7 e4 d7 e3",
    Side::P1,
    Text {
        en: "title",
        zh: " ",
        zh_hant: "標題",
    },
);
static NO_TRADITIONAL_CHINESE: LessonData = bad(
    "a7 e4 d7 e3",
    Side::P1,
    Text {
        en: "title",
        zh: "标题",
        zh_hant: "",
    },
);
static PASS_IN_START: LessonData = bad("a7 pass", Side::P1, T);

#[test]
fn a_bad_lesson_is_a_typed_error() {
    let problem = |data: &'static LessonData| mills_core::Lesson::load(data).unwrap_err().problem;
    match problem(&ILLEGAL_START) {
        LessonProblem::IllegalStart(e) => assert_eq!(e.index, 2),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        problem(&UNREADABLE_START),
        LessonProblem::Notation { field: "start", .. }
    ));
    assert_eq!(problem(&WRONG_LEARNER), LessonProblem::LearnerNotToMove);
    assert_eq!(
        problem(&NO_CHINESE),
        LessonProblem::MissingText {
            field: "title",
            locale: Locale::SimplifiedChinese
        }
    );
    assert_eq!(
        problem(&NO_TRADITIONAL_CHINESE),
        LessonProblem::MissingText {
            field: "title",
            locale: Locale::TraditionalChinese
        }
    );
    assert!(
        mills_core::Lesson::load(&NO_TRADITIONAL_CHINESE)
            .unwrap_err()
            .to_string()
            .contains("the title has no zh-Hant text")
    );
    assert_eq!(problem(&PASS_IN_START), LessonProblem::PassInStart);
    let message = mills_core::Lesson::load(&ILLEGAL_START)
        .unwrap_err()
        .to_string();
    assert!(
        message.starts_with("lesson test-bad: start: action 3"),
        "{message}"
    );
    assert!(mills_core::lesson("no-such-lesson").is_err());
}

#[test]
fn the_check_finds_a_lesson_whose_solution_misses_its_goal() {
    static MISSES: LessonData = LessonData {
        solutions: &[&["e5"]],
        wrong: &[],
        ..bad("a7 e4 d7 e3", Side::P1, T)
    };
    let mut report = mills_core::CheckReport::default();
    mills_core::check_lesson(&MISSES, &mut report);
    assert!(!report.passed());
    let text: Vec<String> = report.failures.iter().map(|f| f.to_string()).collect();
    assert!(
        text.iter()
            .any(|t| t.contains("g7 xe4") && t.contains("not accepted")),
        "{text:?}"
    );
}

#[test]
fn the_check_finds_a_timer_lesson_without_a_timer() {
    static NO_TIMER: LessonData = LessonData {
        goal: Goal::TimeOut,
        solutions: &[&["pass"]],
        ..bad("a7 e4 d7 e3", Side::P1, T)
    };
    let mut report = mills_core::CheckReport::default();
    mills_core::check_lesson(&NO_TIMER, &mut report);
    let text: Vec<String> = report.failures.iter().map(|f| f.to_string()).collect();
    assert!(
        text.iter()
            .any(|t| t.contains("waits for the timer, but the lesson has none")),
        "{text:?}"
    );
}
