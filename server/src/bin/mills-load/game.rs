//! One honest game of `mills-load`: two players, each a WebSocket connection driving the
//! client's room state machine (`mills_online::Room`), set up and then played with random
//! legal turns, with every turn's round trip measured.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use mills_core::{Action, Game, Variant};
use mills_online::{Intent, Room};
use mills_protocol::{ClientMessage, ServerMessage, decode_server, encode};
use rand::Rng;
use rand::rngs::StdRng;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// One game's measured times, in microseconds.
#[derive(Default)]
pub(crate) struct Timings {
    /// From sending a turn to its `accepted`.
    pub(crate) accepted: Vec<u32>,
    /// From sending a turn to the opponent's `update` with it.
    pub(crate) seen: Vec<u32>,
}

pub(crate) struct Totals {
    pub(crate) acked: AtomicU64,
    pub(crate) lost: AtomicU64,
    pub(crate) duplicated: AtomicU64,
    pub(crate) refused: AtomicU64,
    pub(crate) failed_games: AtomicU64,
}

async fn send(ws: &mut Ws, message: &ClientMessage) -> Result<(), String> {
    ws.send(Message::text(encode(message)))
        .await
        .map_err(|e| e.to_string())
}

async fn recv_until<T>(
    ws: &mut Ws,
    mut pick: impl FnMut(ServerMessage) -> Option<T>,
) -> Result<T, String> {
    loop {
        if let Some(found) = pick(recv(ws).await?) {
            return Ok(found);
        }
    }
}

/// The next server message (other frames are skipped).
async fn recv(ws: &mut Ws) -> Result<ServerMessage, String> {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(120), ws.next())
            .await
            .map_err(|_| "no answer in 120 s")?
            .ok_or("closed")?
            .map_err(|e| e.to_string())?;
        if let Message::Text(text) = frame {
            return decode_server(text.as_str()).map_err(|e| e.to_string());
        }
    }
}

fn secret(rng: &mut StdRng) -> String {
    (0..40)
        .map(|_| char::from(b"abcdefghijklmnopqrstuvwxyz0123456789"[rng.random_range(0..36)]))
        .collect()
}

/// One player: a connection and the client's room state machine, as the apps have them.
pub(crate) struct Client {
    ws: Ws,
    room: Room,
}

impl Client {
    /// Connects and says `hello`; the room asks for what `intent` says once welcomed.
    async fn connect(url: &str, name: &str, secret: String, room: Room) -> Result<Client, String> {
        let (ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .map_err(|e| e.to_string())?;
        let mut client = Client { ws, room };
        let hello = ClientMessage::Hello {
            protocol: mills_protocol::PROTOCOL_VERSION,
            device: secret,
            name: Some(name.into()),
        };
        send(&mut client.ws, &hello).await?;
        client
            .hear_until(|m| matches!(m, ServerMessage::Welcome { .. }))
            .await?;
        Ok(client)
    }

    /// Sends what the room asks for first on a welcomed connection (create, join or open).
    async fn ask_for_room(&mut self) -> Result<(), String> {
        let first = self.room.on_connected();
        send(&mut self.ws, &first).await
    }

    /// Sends what the room has to send now.
    async fn flush(&mut self) -> Result<(), String> {
        for message in self.room.take_outbox(Instant::now()) {
            send(&mut self.ws, &message).await?;
        }
        Ok(())
    }

    /// Hands the next server message to the room (and sends what it answers); the message.
    async fn hear(&mut self) -> Result<ServerMessage, String> {
        let message = recv(&mut self.ws).await?;
        self.room
            .receive(message.clone(), Instant::now())
            .map_err(|fatal| format!("{}: {}", fatal.code, fatal.message))?;
        self.flush().await?;
        Ok(message)
    }

    /// Hears server messages until `done` says so of one.
    async fn hear_until(
        &mut self,
        mut done: impl FnMut(&ServerMessage) -> bool,
    ) -> Result<(), String> {
        while !done(&self.hear().await?) {}
        Ok(())
    }

    /// Both seats are taken, as this player's room shows it.
    fn seated(&self) -> bool {
        self.room
            .info
            .as_ref()
            .is_some_and(|info| info.seats.iter().all(|seat| seat.joined))
    }
}

pub(crate) async fn setup_game(
    urls: &[String; 2],
    game: &str,
    variant: Variant,
    g: usize,
    rng: &mut StdRng,
) -> Result<[Client; 2], String> {
    let create = Intent::Create {
        game: game.into(),
        timer: 60,
        side: None,
    };
    let mut a = Client::connect(
        &urls[0],
        "A",
        secret(rng),
        Room::for_game(create, variant, format!("{g}a")),
    )
    .await?;
    let b_secret = secret(rng);
    a.ask_for_room().await?;
    a.hear_until(|m| {
        matches!(
            m,
            ServerMessage::Created { .. } | ServerMessage::Error { .. }
        )
    })
    .await?;
    let code = a
        .room
        .info
        .as_ref()
        .map(|info| info.code.clone())
        .ok_or("no room created")?;
    let join = Intent::Join { code };
    let mut b = Client::connect(
        &urls[1],
        "B",
        b_secret,
        Room::for_game(join, variant, format!("{g}b")),
    )
    .await?;
    b.ask_for_room().await?;
    for client in [&mut a, &mut b] {
        if !client.seated() {
            client
                .hear_until(|m| matches!(m, ServerMessage::Room { .. }))
                .await?;
        }
    }
    Ok([a, b])
}

pub(crate) async fn play(
    mut clients: [Client; 2],
    turns: usize,
    think_ms: u64,
    rng: &mut StdRng,
    totals: &Totals,
) -> Result<Timings, String> {
    let mut latencies = Vec::with_capacity(turns);
    let mut seen = Vec::with_capacity(turns);
    let mut sent_turns: Vec<Vec<String>> = Vec::new();
    // The player who saw the last turn stored: its room is up to date.
    let mut current = 0;
    for n in 0..turns {
        let room = &clients[current].room;
        if room.is_over() {
            break;
        }
        let to_move = room.to_move();
        if think_ms > 0 {
            tokio::time::sleep(Duration::from_millis(rng.random_range(0..=think_ms))).await;
        }
        let mover = usize::from(
            clients[1]
                .room
                .info
                .as_ref()
                .is_some_and(|info| info.you == to_move),
        );
        let revision = sent_turns.len() as u64;
        let client = &mut clients[mover];
        // The mover has drawn every stored turn (its own last one included) before it moves.
        while client.room.revision() < revision || client.room.pending.is_some() {
            client.hear().await?;
        }
        let actions = random_turn(&client.room.board.game(), rng);
        let sent = Instant::now();
        let texts = client
            .room
            .send_turn(&actions)
            .map_err(|why| format!("turn {n} not sent: {why:?}"))?;
        let id = client
            .room
            .pending
            .as_ref()
            .map(|p| p.id.clone())
            .ok_or("no turn pending")?;
        client.flush().await?;
        let mut answer = None;
        client
            .hear_until(|m| {
                answer = match m {
                    ServerMessage::Accepted {
                        id: i, revision, ..
                    } if *i == id => Some(Ok(*revision)),
                    ServerMessage::Error {
                        id: Some(i), code, ..
                    } if *i == id => Some(Err(*code)),
                    _ => None,
                };
                answer.is_some()
            })
            .await?;
        match answer.ok_or("no answer")? {
            Ok(stored) => {
                latencies.push(sent.elapsed().as_micros().min(u128::from(u32::MAX)) as u32);
                totals.acked.fetch_add(1, Ordering::Relaxed);
                if stored != revision + 1 {
                    return Err(format!("turn {n} acknowledged as revision {stored}"));
                }
            }
            Err(code) => {
                totals.refused.fetch_add(1, Ordering::Relaxed);
                return Err(format!("turn {n} refused: {code:?}"));
            }
        }
        // The opponent moves only once its app has shown this turn, as in the apps.
        let opponent = &mut clients[1 - mover];
        if opponent.room.revision() <= revision {
            opponent
                .hear_until(|m| {
                    matches!(m, ServerMessage::Update { entries, .. }
                        if entries.iter().any(|e| e.revision == revision + 1))
                })
                .await?;
        }
        if opponent.room.revision() != revision + 1 {
            return Err(format!("turn {n} not drawn by the opponent"));
        }
        seen.push(sent.elapsed().as_micros().min(u128::from(u32::MAX)) as u32);
        current = 1 - mover;
        sent_turns.push(texts);
    }
    // What the server holds must be exactly the acknowledged turns, once each.
    let room = clients[0]
        .room
        .info
        .as_ref()
        .map(|info| info.code.clone())
        .ok_or("no room")?;
    let ws = &mut clients[0].ws;
    send(ws, &ClientMessage::Open { room }).await?;
    let state = recv_until(ws, |m| match m {
        ServerMessage::Room { room } => Some(room),
        _ => None,
    })
    .await?;
    let stored: Vec<&Vec<String>> = state
        .entries
        .iter()
        .filter(|e| e.kind == mills_protocol::EntryKind::Turn)
        .map(|e| &e.actions)
        .collect();
    let matching = stored
        .iter()
        .zip(&sent_turns)
        .take_while(|(s, t)| **s == *t)
        .count();
    totals
        .lost
        .fetch_add((sent_turns.len() - matching) as u64, Ordering::Relaxed);
    totals.duplicated.fetch_add(
        stored.len().saturating_sub(sent_turns.len()) as u64,
        Ordering::Relaxed,
    );
    for client in &mut clients {
        let _ = client.ws.close(None).await;
    }
    Ok(Timings {
        accepted: latencies,
        seen,
    })
}

fn random_turn(game: &Game, rng: &mut StdRng) -> Vec<Action> {
    let mut game = game.clone();
    let mut turn = Vec::new();
    loop {
        let legal = game.position().legal_actions();
        if legal.is_empty() {
            return turn;
        }
        let action = legal[rng.random_range(0..legal.len())];
        let Ok(applied) = game.play(action) else {
            return turn;
        };
        turn.push(action);
        if applied.turn_ended {
            return turn;
        }
    }
}
