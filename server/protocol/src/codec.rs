//! Decoding and encoding. A decoded message is within every limit of [`crate::limits`], so the
//! server and the client check each field once, here. Nothing here panics on any input.

use std::fmt;

use serde::Serialize;

use crate::limits::{
    INVITE_CODE_ALPHABET, INVITE_CODE_CHARS, MAX_ACTION_CHARS, MAX_CLIENT_FRAME_BYTES,
    MAX_CLIENT_ID_CHARS, MAX_GAME_ID_CHARS, MAX_ROOM_CHARS, MAX_SECRET_CHARS,
    MAX_SERVER_FRAME_BYTES, MAX_TURN_ACTIONS, MIN_SECRET_CHARS,
};
use crate::{ClientMessage, ServerMessage};

/// Why a frame is not a valid message.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum DecodeError {
    /// Longer than the limit for its direction (bytes).
    TooLarge {
        /// The frame's length.
        bytes: usize,
        /// The limit.
        limit: usize,
    },
    /// Not JSON, or not a message of this protocol (serde's explanation).
    Malformed(String),
    /// A field is outside its limits.
    Invalid {
        /// The field's wire name.
        field: &'static str,
        /// What is wrong with it.
        reason: &'static str,
    },
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::TooLarge { bytes, limit } => {
                write!(f, "frame of {bytes} bytes is over the limit of {limit}")
            }
            DecodeError::Malformed(why) => write!(f, "not a message: {why}"),
            DecodeError::Invalid { field, reason } => write!(f, "field '{field}' {reason}"),
        }
    }
}

impl std::error::Error for DecodeError {}

/// Reads a client's frame: at most [`MAX_CLIENT_FRAME_BYTES`], a known message, every field
/// within its limits.
pub fn decode_client(text: &str) -> Result<ClientMessage, DecodeError> {
    check_size(text, MAX_CLIENT_FRAME_BYTES)?;
    let message: ClientMessage =
        serde_json::from_str(text).map_err(|e| DecodeError::Malformed(e.to_string()))?;
    validate_client(&message)?;
    Ok(message)
}

/// Reads a server's frame: at most [`MAX_SERVER_FRAME_BYTES`] and a known message. Types a
/// client does not know fail as `Malformed`; a client skips them.
pub fn decode_server(text: &str) -> Result<ServerMessage, DecodeError> {
    check_size(text, MAX_SERVER_FRAME_BYTES)?;
    serde_json::from_str(text).map_err(|e| DecodeError::Malformed(e.to_string()))
}

/// The frame text of a message.
pub fn encode<M: Serialize>(message: &M) -> String {
    // The messages are plain structs of strings and numbers: serializing them cannot fail.
    serde_json::to_string(message).unwrap_or_else(|_| String::from("{}"))
}

/// An invite code as people read it aloud or type it: groups of four joined by dashes
/// (`K7QM-2XRP-9DTA`), the form [`normalize_code`] reads back.
pub fn spelled_code(code: &str) -> String {
    let chars: Vec<char> = code.chars().collect();
    chars
        .chunks(4)
        .map(|group| group.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("-")
}

/// The canonical form of an invite code as people may write it (`k7qm-2xrp 9dta`): upper
/// case, without dashes and spaces, with the look-alikes Crockford's alphabet folds (O to 0,
/// I and L to 1). `None` if it is not a code.
pub fn normalize_code(text: &str) -> Option<String> {
    if text.len() > 64 {
        return None;
    }
    let mut code = String::with_capacity(INVITE_CODE_CHARS);
    for c in text.chars() {
        let c = match c.to_ascii_uppercase() {
            '-' | ' ' => continue,
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        };
        if !c.is_ascii() || !INVITE_CODE_ALPHABET.contains(&(c as u8)) {
            return None;
        }
        code.push(c);
    }
    (code.len() == INVITE_CODE_CHARS).then_some(code)
}

fn check_size(text: &str, limit: usize) -> Result<(), DecodeError> {
    if text.len() > limit {
        return Err(DecodeError::TooLarge {
            bytes: text.len(),
            limit,
        });
    }
    Ok(())
}

fn validate_client(message: &ClientMessage) -> Result<(), DecodeError> {
    match message {
        // The name is checked by the server with `names::normalized_name` (after NFC, which
        // may shorten it), and refused with its own code, `name-refused`.
        ClientMessage::Hello { device, .. } => check_secret(device)?,
        ClientMessage::Create { game, id, .. } => {
            if game.is_empty() || game.chars().count() > MAX_GAME_ID_CHARS {
                return Err(invalid("game", "must be a game id"));
            }
            if let Some(id) = id {
                check_client_id(id)?;
            }
        }
        ClientMessage::Join { code } => {
            if normalize_code(code).is_none() {
                return Err(invalid("code", "is not an invite code"));
            }
        }
        ClientMessage::Open { room }
        | ClientMessage::Rematch { room, .. }
        | ClientMessage::Report { room, .. }
        | ClientMessage::Block { room } => check_room(room)?,
        ClientMessage::Turn {
            room, id, actions, ..
        } => {
            check_room(room)?;
            check_client_id(id)?;
            if actions.is_empty() || actions.len() > MAX_TURN_ACTIONS {
                return Err(invalid("actions", "must hold 1 to 8 actions"));
            }
            if actions
                .iter()
                .any(|a| a.is_empty() || a.len() > MAX_ACTION_CHARS || !a.is_ascii())
            {
                return Err(invalid("actions", "holds an action that is not notation"));
            }
        }
        ClientMessage::Resign { room, id, .. } => {
            check_room(room)?;
            check_client_id(id)?;
        }
        ClientMessage::Ping { .. } => {}
    }
    Ok(())
}

fn invalid(field: &'static str, reason: &'static str) -> DecodeError {
    DecodeError::Invalid { field, reason }
}

fn check_secret(secret: &str) -> Result<(), DecodeError> {
    let ok = (MIN_SECRET_CHARS..=MAX_SECRET_CHARS).contains(&secret.len())
        && secret
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if ok {
        Ok(())
    } else {
        Err(invalid(
            "device",
            "must be 32 to 128 characters of A-Z a-z 0-9 - _",
        ))
    }
}

fn check_room(room: &str) -> Result<(), DecodeError> {
    let ok = !room.is_empty()
        && room.len() <= MAX_ROOM_CHARS
        && room
            .bytes()
            .all(|b| b.is_ascii_digit() || b.is_ascii_uppercase());
    if ok {
        Ok(())
    } else {
        Err(invalid("room", "must be 1 to 32 characters of A-Z 0-9"))
    }
}

fn check_client_id(id: &str) -> Result<(), DecodeError> {
    let ok = !id.is_empty()
        && id.len() <= MAX_CLIENT_ID_CHARS
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':'));
    if ok {
        Ok(())
    } else {
        Err(invalid(
            "id",
            "must be 1 to 64 characters of A-Z a-z 0-9 - _ . :",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Clock, Entry, EntryKind, ErrorCode, PROTOCOL_VERSION, Seat};

    const SECRET: &str = "0123456789abcdef0123456789abcdef";

    #[test]
    fn a_code_is_spelled_in_groups_of_four_and_read_back() {
        assert_eq!(spelled_code("K7QM2XRP9DTA"), "K7QM-2XRP-9DTA");
        assert_eq!(
            normalize_code(&spelled_code("K7QM2XRP9DTA")).as_deref(),
            Some("K7QM2XRP9DTA")
        );
    }

    #[test]
    fn a_hello_reads_and_writes_back_the_same() {
        let text = format!(r#"{{"type":"hello","protocol":1,"device":"{SECRET}","name":"Ann"}}"#);
        let message = decode_client(&text).unwrap();
        assert_eq!(
            message,
            ClientMessage::Hello {
                protocol: PROTOCOL_VERSION,
                device: SECRET.into(),
                name: Some("Ann".into())
            }
        );
        assert_eq!(decode_client(&encode(&message)).unwrap(), message);
    }

    #[test]
    fn a_turn_reads_with_its_actions_and_unknown_fields_are_ignored() {
        let text = r#"{"type":"turn","room":"K7QM2XRP9DTA","game":1,"revision":4,
            "id":"c-17","actions":["a7","xg1"],"later":true}"#;
        let ClientMessage::Turn {
            revision, actions, ..
        } = decode_client(text).unwrap()
        else {
            panic!("not a turn");
        };
        assert_eq!(revision, 4);
        assert_eq!(actions, ["a7", "xg1"]);
    }

    #[test]
    fn frames_over_the_limit_are_refused_unread() {
        let text = format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(5000));
        assert!(matches!(
            decode_client(&text),
            Err(DecodeError::TooLarge { limit: 4096, .. })
        ));
    }

    #[test]
    fn fields_out_of_their_limits_are_invalid() {
        let cases = [
            (
                r#"{"type":"hello","protocol":1,"device":"short"}"#,
                "device",
            ),
            (
                r#"{"type":"turn","room":"AB","game":1,"revision":0,"id":"","actions":["a1"]}"#,
                "id",
            ),
            (
                r#"{"type":"turn","room":"AB","game":1,"revision":0,"id":"1","actions":[]}"#,
                "actions",
            ),
            (r#"{"type":"open","room":"ab/../"}"#, "room"),
            (r#"{"type":"join","code":"NOTACODE"}"#, "code"),
        ];
        for (text, field) in cases {
            match decode_client(text) {
                Err(DecodeError::Invalid { field: f, .. }) => assert_eq!(f, field, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
    }

    #[test]
    fn reports_and_blocks_read_with_a_reason_from_the_list() {
        let report = decode_client(r#"{"type":"report","room":"AB","reason":"offensive-name"}"#);
        assert_eq!(
            report,
            Ok(ClientMessage::Report {
                room: "AB".into(),
                reason: crate::ReportReason::OffensiveName
            })
        );
        for reason in crate::ReportReason::ALL {
            let text = encode(&ClientMessage::Report {
                room: "AB".into(),
                reason,
            });
            assert!(text.contains(&format!("\"{}\"", reason.id())), "{text}");
        }
        assert!(matches!(
            decode_client(r#"{"type":"report","room":"AB","reason":"i just lost"}"#),
            Err(DecodeError::Malformed(_))
        ));
        assert!(matches!(
            decode_client(r#"{"type":"block","room":"a b"}"#),
            Err(DecodeError::Invalid { field: "room", .. })
        ));
    }

    #[test]
    fn garbage_is_malformed() {
        for text in [
            "",
            "null",
            "[]",
            "{",
            r#"{"type":"launch"}"#,
            r#"{"type":"turn"}"#,
            r#"{"type":"create","game":"zhiqi","timer":-1}"#,
            &"[".repeat(3000),
        ] {
            assert!(
                matches!(decode_client(text), Err(DecodeError::Malformed(_))),
                "{text}"
            );
        }
    }

    #[test]
    fn invite_codes_read_as_people_write_them() {
        assert_eq!(
            normalize_code("k7qm-2xrp 9dta").as_deref(),
            Some("K7QM2XRP9DTA")
        );
        assert_eq!(
            normalize_code("O1IL23456789").as_deref(),
            Some("011123456789")
        );
        assert_eq!(normalize_code("K7QM2XRP9DT"), None, "too short");
        assert_eq!(
            normalize_code("K7QM2XRP9DTU"),
            None,
            "U is not in the alphabet"
        );
        assert_eq!(normalize_code("K7QM2XRP9DTÄ"), None);
    }

    #[test]
    fn server_messages_round_trip() {
        let update = ServerMessage::Update {
            room: "K7QM2XRP9DTA".into(),
            game: 2,
            entries: vec![Entry {
                revision: 9,
                kind: EntryKind::Pass,
                side: Seat::P2,
                actions: vec!["pass".into()],
            }],
            clock: Clock {
                to_move: Some(Seat::P1),
                remaining_ms: Some(60_000),
                limit_ms: Some(60_000),
            },
            outcome: None,
            record: None,
        };
        let text = encode(&update);
        assert!(text.contains(r#""type":"update""#), "{text}");
        assert!(text.contains(r#""side":"p2""#), "{text}");
        assert_eq!(decode_server(&text).unwrap(), update);
        let error = ServerMessage::error(ErrorCode::NotYourTurn, "wait");
        assert!(encode(&error).contains(r#""code":"not-your-turn""#));
        assert_eq!(decode_server(&encode(&error)).unwrap(), error);
    }

    #[test]
    fn every_error_code_id_is_its_wire_name() {
        let codes = [
            ErrorCode::BadMessage,
            ErrorCode::TooLarge,
            ErrorCode::UnsupportedVersion,
            ErrorCode::HelloFirst,
            ErrorCode::NotInRoom,
            ErrorCode::UnknownCode,
            ErrorCode::RoomFull,
            ErrorCode::UnknownGame,
            ErrorCode::BadTimer,
            ErrorCode::NotYourTurn,
            ErrorCode::StaleRevision,
            ErrorCode::IllegalTurn,
            ErrorCode::GameOver,
            ErrorCode::GameNotOver,
            ErrorCode::NotStarted,
            ErrorCode::IdReused,
            ErrorCode::RateLimited,
            ErrorCode::TooManyRooms,
            ErrorCode::Storage,
            ErrorCode::ShuttingDown,
            ErrorCode::Blocked,
            ErrorCode::NameRefused,
            ErrorCode::TooManyReports,
            ErrorCode::Internal,
        ];
        for code in codes {
            assert_eq!(
                serde_json::to_string(&code).unwrap(),
                format!("\"{}\"", code.id())
            );
        }
    }
}
