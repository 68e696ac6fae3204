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
    /// A Host name the server answers to besides localhost, 127.0.0.1 and [::1] (any port),
    /// for a server reached by another name or address; repeat for more. Requests for other
    /// names are refused, so that no page elsewhere reaches the server by DNS rebinding.
    #[arg(long, value_name = "NAME")]
    allow_host: Vec<String>,
}

/// Serves the playground until the process is stopped, after printing its address.
pub fn run(args: &ServeArgs) -> anyhow::Result<Verdict> {
    let address = SocketAddr::new(args.bind, args.port);
    let settings = Settings {
        caps: Caps::default(),
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
