//! Every size and count of the protocol. The decoder enforces them, so a message that decodes
//! is within all of them.

/// The largest text frame a client may send, in bytes; the server closes the connection on a
/// larger frame (no client message needs more than a few hundred bytes).
pub const MAX_CLIENT_FRAME_BYTES: usize = 4 * 1024;

/// The largest frame the server sends, in bytes: a room's state with every entry of a long
/// game and its record fits well within it.
pub const MAX_SERVER_FRAME_BYTES: usize = 1024 * 1024;

/// A device secret: at least this many characters of `A-Z a-z 0-9 - _` (a random 32-byte
/// value in unpadded base64url is 43; 32 hex digits is the least the server accepts).
pub const MIN_SECRET_CHARS: usize = 32;

/// A device secret: at most this many characters.
pub const MAX_SECRET_CHARS: usize = 128;

/// A player's name: at most this many characters, one line (the record's limit).
pub const MAX_NAME_CHARS: usize = 60;

/// A client's id for a turn or a resignation: 1 to this many characters of
/// `A-Z a-z 0-9 - _ . :`.
pub const MAX_CLIENT_ID_CHARS: usize = 64;

/// The actions of one turn: at most this many (a placement or step and its removals).
pub const MAX_TURN_ACTIONS: usize = 8;

/// One action in notation (`d6`, `d6-d5`, `xd7`): at most this many characters.
pub const MAX_ACTION_CHARS: usize = 8;

/// A room id: at most this many characters of `A-Z 0-9` (invite codes are
/// [`INVITE_CODE_CHARS`]; longer leaves room for other kinds later).
pub const MAX_ROOM_CHARS: usize = 32;

/// An invite code: this many characters of [`INVITE_CODE_ALPHABET`], 5 bits each (60 bits).
/// People may write it with dashes, spaces and in lower case; [`crate::normalize_code`]
/// reads it back.
pub const INVITE_CODE_CHARS: usize = 12;

/// Crockford's base 32: digits and capitals without I, L, O, U, so that a code read aloud or
/// typed is hard to get wrong.
pub const INVITE_CODE_ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// A game id (`zhiqi`, `linked-horse`, `twelve-mens-morris`): at most this many characters.
pub const MAX_GAME_ID_CHARS: usize = 32;
