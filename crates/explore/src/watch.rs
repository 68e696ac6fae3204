//! The watch over a cluster's processes while the dataflow runs: heartbeats on the connections
//! the handshake kept with process 0. A process that sends none for the patience (stopped, or
//! its machine gone) is reported, where timely would wait on it forever.

use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// What is called with a line when a process falls silent.
pub type OnSilence = Arc<dyn Fn(&str) + Send + Sync>;

/// The heartbeats on the control connections while the dataflow runs: a process that sends
/// none for the patience is reported by `on_silence`, and timely's connections are shut down
/// so that nothing waits on it forever. Dropping the watch ends it.
pub(crate) struct Watch {
    done: Arc<AtomicBool>,
    control: Vec<TcpStream>,
}

impl Watch {
    pub(crate) fn start(
        control: Vec<(usize, TcpStream)>,
        mesh: Vec<TcpStream>,
        patience: Duration,
        on_silence: OnSilence,
    ) -> std::io::Result<Self> {
        let done = Arc::new(AtomicBool::new(false));
        let mesh = Arc::new(mesh);
        let beat = (patience / 4).clamp(Duration::from_millis(20), Duration::from_secs(1));
        let mut kept = Vec::new();
        for (peer, stream) in control {
            stream.set_read_timeout(Some(patience))?;
            kept.push(stream.try_clone()?);
            let mut sending = stream.try_clone()?;
            let ending = done.clone();
            std::thread::spawn(move || {
                while !ending.load(Ordering::Relaxed) && sending.write_all(&[0]).is_ok() {
                    std::thread::sleep(beat);
                }
            });
            let (ending, mesh, on_silence) = (done.clone(), mesh.clone(), on_silence.clone());
            let seconds = patience.as_secs_f64();
            std::thread::spawn(move || {
                let error = listen(stream);
                if error
                    .is_some_and(|kind| matches!(kind, ErrorKind::WouldBlock | ErrorKind::TimedOut))
                    && !ending.load(Ordering::Relaxed)
                {
                    on_silence(&format!(
                        "process {peer} has sent nothing for {seconds} s (stopped, or its \
                         machine unreachable): the dataflow stops"
                    ));
                    for stream in mesh.iter() {
                        let _ = stream.shutdown(Shutdown::Both);
                    }
                }
            });
        }
        Ok(Self {
            done,
            control: kept,
        })
    }
}

/// Reads heartbeats until the connection ends; returns the error that ended it (`None`: the
/// peer closed it, which timely tells of).
fn listen(mut stream: TcpStream) -> Option<ErrorKind> {
    let mut byte = [0];
    loop {
        match stream.read(&mut byte) {
            Ok(0) => return None,
            Ok(_) => {}
            Err(error) if error.kind() == ErrorKind::Interrupted => {}
            Err(error) => return Some(error.kind()),
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        for stream in &self.control {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::net::TcpListener;
    use std::sync::Mutex;

    use super::*;

    /// A connected pair of streams on 127.0.0.1.
    fn pair() -> (TcpStream, TcpStream) {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let near = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        (near, listener.accept().unwrap().0)
    }

    fn recording() -> (Arc<Mutex<Vec<String>>>, OnSilence) {
        let lines = Arc::new(Mutex::new(Vec::new()));
        let kept = lines.clone();
        let on_silence: OnSilence =
            Arc::new(move |line: &str| kept.lock().unwrap().push(line.into()));
        (lines, on_silence)
    }

    #[test]
    fn a_silent_process_is_reported_after_the_patience_and_a_beating_one_never() {
        let patience = Duration::from_millis(300);
        let (near, far) = pair();
        let (heard, on_silence) = recording();
        let watch = Watch::start(vec![(1, near)], Vec::new(), patience, on_silence).unwrap();
        std::thread::sleep(patience * 4);
        assert_eq!(
            *heard.lock().unwrap(),
            [
                "process 1 has sent nothing for 0.3 s (stopped, or its machine unreachable): the \
              dataflow stops"
            ]
        );
        drop((watch, far));

        let (near, far) = pair();
        let (heard, on_silence) = recording();
        let (_, quiet) = recording();
        let watch = Watch::start(vec![(1, near)], Vec::new(), patience, on_silence).unwrap();
        let other = Watch::start(vec![(0, far)], Vec::new(), patience, quiet).unwrap();
        std::thread::sleep(patience * 4);
        drop((watch, other));
        std::thread::sleep(patience);
        assert!(heard.lock().unwrap().is_empty());
    }
}
