//! Zobrist keys, generated at compile time from a fixed seed so hashes are stable
//! across runs and builds (the transposition table and saved statistics rely on it).

use crate::board::POINT_COUNT;

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Largest count a hand or stable key covers (pins can push a board above 12, never a hand).
pub const MAX_COUNT: usize = 16;
/// Pending-state keys: removals owed 1..=3 of three kinds, and the step owed after a pull.
pub const PENDING_KEYS: usize = 10;

pub struct Keys {
    pub piece: [[u64; POINT_COUNT]; 2],
    pub hand: [[u64; MAX_COUNT]; 2],
    pub stable: [[u64; MAX_COUNT]; 2],
    pub pending: [u64; PENDING_KEYS],
    pub p2_to_move: u64,
    pub moving_phase: u64,
}

pub const KEYS: Keys = {
    let mut state = 0x4D49_4C4C_535F_5A42; // "MILLS_ZB"
    let mut keys = Keys {
        piece: [[0; POINT_COUNT]; 2],
        hand: [[0; MAX_COUNT]; 2],
        stable: [[0; MAX_COUNT]; 2],
        pending: [0; PENDING_KEYS],
        p2_to_move: 0,
        moving_phase: 0,
    };
    let mut side = 0;
    while side < 2 {
        let mut i = 0;
        while i < POINT_COUNT {
            let (s, k) = splitmix64(state);
            state = s;
            keys.piece[side][i] = k;
            i += 1;
        }
        let mut n = 0;
        while n < MAX_COUNT {
            let (s, k) = splitmix64(state);
            state = s;
            keys.hand[side][n] = k;
            let (s, k) = splitmix64(state);
            state = s;
            keys.stable[side][n] = k;
            n += 1;
        }
        side += 1;
    }
    let mut i = 0;
    while i < PENDING_KEYS {
        let (s, k) = splitmix64(state);
        state = s;
        keys.pending[i] = k;
        i += 1;
    }
    let (s, k) = splitmix64(state);
    keys.p2_to_move = k;
    let (_, k) = splitmix64(s);
    keys.moving_phase = k;
    keys
};
