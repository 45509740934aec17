//! `contango-sim export --parquet OUT_DIR RECORDING`: a recording's market as Parquet tables
//! (`contango_research::export`, the `parquet` feature).

use std::process::ExitCode;

use crate::args::ExportArgs;

/// Writes the recording's market as Parquet tables, or says which feature that needs.
pub fn run(args: &ExportArgs) -> ExitCode {
    #[cfg(not(feature = "parquet"))]
    {
        let _ = args;
        eprintln!(
            "contango-sim: export --parquet needs the `parquet` feature \
             (cargo run -p contango-sim-cli --features parquet -- export ...)"
        );
        ExitCode::FAILURE
    }
    #[cfg(feature = "parquet")]
    match contango_research::export::parquet_file(&args.recording, &args.out_dir) {
        Ok(n) => {
            println!(
                "{}: {} book levels, {} trades, {} tickers",
                args.out_dir.display(),
                n.book_levels,
                n.trades,
                n.tickers
            );
            ExitCode::SUCCESS
        }
        // A recording's own error already names its file.
        Err(e @ contango_research::export::ExportError::Recording(_)) => {
            eprintln!("contango-sim: export: {e}");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("contango-sim: export: {}: {e}", args.recording.display());
            ExitCode::FAILURE
        }
    }
}
