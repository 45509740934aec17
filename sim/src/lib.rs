//! The exchange simulator (being built).
