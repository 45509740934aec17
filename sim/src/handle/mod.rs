//! The rest of the [`Sim`](crate::Sim) handle, by what it reaches: the market it moves, the
//! stream connections and the accounts' sums.

mod audit;
mod market;
mod streams;
