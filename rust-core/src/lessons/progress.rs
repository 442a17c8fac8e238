//! Which lessons a player has solved, kept per game by lesson id, so that both apps offer
//! the same "next lesson" and show the same count. Saved as JSON by the app
//! (`{"solved":["zhiqi-pin",...]}`); ids that no longer name a lesson are kept but not
//! counted, so a newer build's lessons survive an older one.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::rules::Variant;

use super::course::course;
use super::data::LessonData;

/// The lessons solved so far.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    #[serde(default)]
    solved: BTreeSet<String>,
}

impl Progress {
    /// No lesson solved.
    pub fn new() -> Progress {
        Progress::default()
    }

    /// Records a solved lesson; true if it was not solved before.
    pub fn mark_solved(&mut self, lesson_id: &str) -> bool {
        self.solved.insert(lesson_id.to_string())
    }

    /// Reads the saved JSON; text that is not progress is an error (the caller keeps the
    /// file as it is).
    pub fn from_json(text: &str) -> Result<Progress, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// The JSON the progress file holds.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a set of strings serialises")
    }

    /// Every solved lesson id, in id order (unknown ids of a newer build included).
    pub fn solved(&self) -> impl Iterator<Item = &str> {
        self.solved.iter().map(String::as_str)
    }

    /// Whether the lesson was solved.
    pub fn is_solved(&self, lesson_id: &str) -> bool {
        self.solved.contains(lesson_id)
    }

    /// How many of a game's lessons are solved, and how many it has.
    pub fn count(&self, variant: Variant) -> (usize, usize) {
        let lessons = course(variant);
        let solved = lessons.iter().filter(|l| self.is_solved(l.id)).count();
        (solved, lessons.len())
    }

    /// The first lesson of the course not solved yet; `None` once all are.
    pub fn next(&self, variant: Variant) -> Option<&'static LessonData> {
        course(variant).iter().find(|l| !self.is_solved(l.id))
    }

    /// Whether the player has not started the game's course (offer it on first opening).
    pub fn is_new_to(&self, variant: Variant) -> bool {
        self.count(variant).0 == 0
    }

    /// Forgets a game's progress ("start the course again").
    pub fn reset(&mut self, variant: Variant) {
        for lesson in course(variant) {
            self.solved.remove(lesson.id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_counts_offers_the_next_lesson_and_round_trips() {
        let mut progress = Progress::new();
        assert!(progress.is_new_to(Variant::ZhiQi));
        let first = progress.next(Variant::ZhiQi).unwrap();
        assert_eq!(first.id, course(Variant::ZhiQi)[0].id);
        assert!(progress.mark_solved(first.id));
        assert!(!progress.mark_solved(first.id), "once");
        assert_eq!(
            progress.next(Variant::ZhiQi).unwrap().id,
            course(Variant::ZhiQi)[1].id
        );
        assert_eq!(
            progress.count(Variant::ZhiQi),
            (1, course(Variant::ZhiQi).len())
        );
        assert!(progress.is_new_to(Variant::LinkedHorse), "per game");
        progress.mark_solved("a-lesson-of-a-newer-build");
        let json = progress.to_json();
        let back = Progress::from_json(&json).unwrap();
        assert_eq!(back, progress);
        assert_eq!(
            back.count(Variant::ZhiQi).0,
            1,
            "unknown ids are not counted"
        );
        for lesson in course(Variant::TwelveMensMorris) {
            progress.mark_solved(lesson.id);
        }
        assert_eq!(progress.next(Variant::TwelveMensMorris), None);
        progress.reset(Variant::ZhiQi);
        assert!(progress.is_new_to(Variant::ZhiQi));
        assert!(progress.is_solved("a-lesson-of-a-newer-build"));
        assert!(
            progress
                .solved()
                .any(|id| id == "a-lesson-of-a-newer-build")
        );
        assert_eq!(Progress::from_json("{}").unwrap(), Progress::new());
        assert!(Progress::from_json("{\"solved\": 7").is_err());
        assert!(Progress::from_json("{\"solved\": \"zhiqi-pin\"}").is_err());
    }
}
