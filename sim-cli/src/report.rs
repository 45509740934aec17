//! `contango-sim report --state DIR`: a paper session's report, read from a journaled venue's
//! store (`contango_research::Report::from_store`).

use std::process::ExitCode;

use crate::args::ReportArgs;

/// `report`: the store opened read-only, the account's report printed (summary or JSON), the
/// chart drawn if asked. A store that cannot be read, an unknown account or a chart that cannot
/// be written: a message, exit code 1.
pub fn run(args: &ReportArgs) -> ExitCode {
    {
        use contango_research::report::Account;
        let reader = match contango_sim::store::Reader::open(&args.state) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("contango-sim: report: cannot read the store: {e}");
                return ExitCode::FAILURE;
            }
        };
        let account = args
            .account
            .as_deref()
            .map_or(Account::Funded, Account::parse);
        let report = match contango_research::Report::from_store(&reader, &account) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("contango-sim: report: {e}");
                return ExitCode::FAILURE;
            }
        };
        if args.json {
            println!("{}", report.to_json());
        } else {
            print!("{report}");
        }
        if let Some(path) = &args.plot {
            if let Err(e) = report.plot(path) {
                eprintln!("contango-sim: report: {e}");
                return ExitCode::FAILURE;
            }
            if !args.json {
                println!("  chart           {}", path.display());
            }
        }
        if let Some(path) = &args.tearsheet {
            if let Err(e) = report.tearsheet(path) {
                eprintln!("contango-sim: report: {e}");
                return ExitCode::FAILURE;
            }
            if !args.json {
                println!("  tearsheet       {}", path.display());
            }
        }
        if let Some(path) = &args.trades {
            if let Err(e) = std::fs::write(path, report.trades_csv()) {
                eprintln!(
                    "contango-sim: report: the trade ledger {}: {e}",
                    path.display()
                );
                return ExitCode::FAILURE;
            }
            if !args.json {
                println!("  trade ledger    {}", path.display());
            }
        }
        ExitCode::SUCCESS
    }
}
