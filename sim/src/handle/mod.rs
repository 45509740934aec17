//! The rest of the [`Sim`](crate::Sim) handle, by what it reaches: the market it moves, the
//! stream connections, the accounts' sums, and a market recorded from the driver.

mod audit;
mod market;
mod sample;
mod streams;
