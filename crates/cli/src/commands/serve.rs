//! `statespace serve`: the playground in the browser (the `statespace-web` crate).

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use anyhow::Context;
use statespace_web::Caps;

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
}

/// Serves the playground until the process is stopped, after printing its address.
pub fn run(args: &ServeArgs) -> anyhow::Result<Verdict> {
    let address = SocketAddr::new(args.bind, args.port);
    statespace_web::serve(address, Caps::default(), |bound| {
        println!("statespace playground on http://{bound}/");
        // Whoever started the server (a test, a script) waits for this line.
        let _ = std::io::stdout().flush();
    })
    .with_context(|| format!("cannot serve on {address}"))?;
    Ok(Verdict::Answered)
}
