//! The courses: each game's lessons in order, and the way from one lesson to the next.

use crate::rules::Variant;

use super::data::LessonData;
use super::{linked_horse, twelve_mens_morris, zhiqi};

/// The lessons of one game, in course order.
///
/// Each game's course, in order, with titles in every language:
///
/// ```
/// use mills_core::{Locale, Variant, lesson_course};
///
/// let course = lesson_course(Variant::ZhiQi);
/// assert_eq!(course.len(), 7);
/// assert!(course.iter().all(|l| l.variant == Variant::ZhiQi));
/// let first = &course[0];
/// assert!(!first.title.get(Locale::English).is_empty());
/// assert_ne!(first.title.get(Locale::English), first.title.get(Locale::SimplifiedChinese));
/// ```
pub fn course(variant: Variant) -> &'static [LessonData] {
    match variant {
        Variant::ZhiQi => zhiqi::LESSONS,
        Variant::LinkedHorse => linked_horse::LESSONS,
        Variant::TwelveMensMorris => twelve_mens_morris::LESSONS,
    }
}

/// Every lesson of every game, game by game.
pub fn all() -> impl Iterator<Item = &'static LessonData> {
    Variant::ALL.into_iter().flat_map(|v| course(v).iter())
}

/// The lesson after `id` in its game's course; `None` after the last one (or for an
/// unknown id).
pub fn next_after(id: &str) -> Option<&'static LessonData> {
    let data = all().find(|l| l.id == id)?;
    let lessons = course(data.variant);
    let at = lessons.iter().position(|l| l.id == id)?;
    lessons.get(at + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_lesson_follows_the_course_and_ends_with_it() {
        for variant in Variant::ALL {
            let lessons = course(variant);
            for pair in lessons.windows(2) {
                assert_eq!(next_after(pair[0].id).map(|l| l.id), Some(pair[1].id));
            }
            assert_eq!(next_after(lessons.last().unwrap().id), None);
        }
        assert_eq!(next_after("no-such-lesson"), None);
    }
}
