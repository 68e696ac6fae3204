//! `statespace serve`: the playground in the browser (the `statespace-web` crate).

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;

use anyhow::Context;
use statespace_web::{AllowedHosts, Caps, Settings};

use crate::commands::pdb::default_cache_dir;
use crate::driver::Verdict;

/// Flags of `statespace serve`.
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on; only this machine can reach the default.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
    /// The port; 0 for any free port (the one chosen is printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The folder of the pattern databases the page builds and uses (default: the user's cache
    /// folder, as for `solve --pdb`).
    #[arg(long, value_name = "DIR")]
    pdb_dir: Option<PathBuf>,
    /// A Host name the server answers to besides localhost, 127.0.0.1 and `[::1]` (any port),
    /// for a server reached by another name or address; repeat for more. Requests for other
    /// names are refused, so that no page elsewhere reaches the server by DNS rebinding.
    #[arg(long, value_name = "NAME")]
    allow_host: Vec<String>,
    /// The most bytes a request's body may have (default 64 KiB). A grid's map travels in the
    /// request: 1100000 lets the page draw maps of up to 1,024 x 1,024 cells. Each connection
    /// may hold one body, so the connection cap times this is what bodies can take.
    #[arg(long, value_name = "BYTES", default_value_t = Caps::default().body_bytes as u64,
          value_parser = clap::value_parser!(u64).range(1024..=MAX_BODY_BYTES))]
    max_body: u64,
}

/// The largest `--max-body`: 64 MiB, so that the server's 256 connections can't hold over 16 GiB.
const MAX_BODY_BYTES: u64 = 64 << 20;

/// Serves the playground until the process is stopped, after printing its address.
pub fn run(args: &ServeArgs) -> anyhow::Result<Verdict> {
    let address = SocketAddr::new(args.bind, args.port);
    let settings = Settings {
        caps: Caps {
            body_bytes: usize::try_from(args.max_body).expect("--max-body is at most 64 MiB"),
            ..Caps::default()
        },
        tables: args.pdb_dir.clone().unwrap_or_else(default_cache_dir),
        hosts: AllowedHosts::new(&args.allow_host),
    };
    statespace_web::serve(address, settings, |bound| {
        println!("statespace playground on http://{bound}/");
        // Whoever started the server (a test, a script) waits for this line.
        let _ = std::io::stdout().flush();
    })
    .with_context(|| format!("cannot serve on {address}"))?;
    Ok(Verdict::Answered)
}
