//! What goes wrong in the referee's hands before a game is played, as types (see ARCHITECTURE.md,
//! "Errors").

/// An engine program that cannot take part: the organiser's error, found before any game, not a
/// loss of the engine's.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The program could not be started, died before its handshake or never completed it.
    #[error("engine '{player}' could not be started (command: {command}): {reason}")]
    Engine {
        /// The player's name in the match.
        player: String,
        /// The command as given.
        command: String,
        /// What went wrong: the system's error, the exit, or the handshake not answered.
        reason: String,
    },
}
