//! The integration tests, one crate: every file here is a module of one test binary, so the
//! library is linked once rather than once per file (`cargo test --release`; one family with
//! `cargo test --release --test it rules_variants::`).

mod common;

mod app_gui_api;
mod app_hostile_clients;
mod app_play_cli;
mod brain_analysis;
mod brain_general;
mod brain_levels;
mod brain_search;
mod brain_solve;
mod brain_tables;
mod cli_help;
mod hostile_files;
mod house;
mod luck;
mod players_openspiel;
mod players_reaper;
mod protocol_battle;
mod protocol_decision_log;
mod protocol_fuzz;
mod protocol_native;
mod protocol_tcg;
mod referee_engine;
mod referee_faults;
mod referee_files;
mod referee_front_door;
mod referee_limits;
mod referee_misbehaving;
mod referee_records;
mod referee_resume;
mod referee_runner;
mod referee_variants;
mod rules;
mod rules_variants;
mod variants_matrix;
