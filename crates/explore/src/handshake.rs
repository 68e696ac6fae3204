//! How a cluster's processes meet before the dataflow starts, and how they watch one another
//! while it runs.
//!
//! Every process but 0 connects to process 0 and says its index and its terms (every option
//! that changes the answer, the version, the workers and processes); process 0 compares them
//! with its own and answers every process with one verdict: go, or the line that names the
//! option that differs (or the process that never came), which each of them reports. Only then
//! do they connect to one another for timely, so that processes that would disagree never start
//! a dataflow, where they would panic, hang or give a wrong answer. The connections to process
//! 0 are kept for the heartbeats of the [`Watch`](crate::watch::Watch).

use std::io::{ErrorKind, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};

use crate::ExploreError;
use crate::terms::Terms;

/// How often a process tries again to connect, or to accept, while it waits.
const RETRY: Duration = Duration::from_millis(50);
/// The most a process waits for a connection's hello: a process of the cluster says it as soon
/// as it connects, a stranger that says nothing is dropped after it.
const HELLO_PATIENCE: Duration = Duration::from_secs(3);
/// The most bytes of terms or of a verdict's line a process reads from another.
const MAX_TEXT: u64 = 1 << 16;

/// What a connection is for, said first on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// The handshake with process 0, then the heartbeat.
    Control = 1,
    /// One of timely's connections.
    Mesh = 2,
}

/// What a process says first on a connection.
#[derive(Debug, PartialEq, Eq)]
struct Hello {
    purpose: Purpose,
    index: usize,
    terms: Terms,
}

impl Hello {
    fn send(&self, stream: &mut impl Write) -> std::io::Result<()> {
        stream.write_all(&[self.purpose as u8])?;
        stream.write_all(&(self.index as u64).to_le_bytes())?;
        send_text(stream, &self.terms.encode())
    }

    /// Reads a hello; `None` if what came is not one.
    fn receive(stream: &mut impl Read) -> std::io::Result<Option<Self>> {
        let mut purpose = [0];
        stream.read_exact(&mut purpose)?;
        let purpose = match purpose[0] {
            1 => Purpose::Control,
            2 => Purpose::Mesh,
            _ => return Ok(None),
        };
        let index = usize::try_from(read_number(stream)?).unwrap_or(usize::MAX);
        let terms = receive_text(stream)?.and_then(|text| Terms::decode(&text));
        Ok(terms.map(|terms| Self {
            purpose,
            index,
            terms,
        }))
    }
}

fn read_number(stream: &mut impl Read) -> std::io::Result<u64> {
    let mut bytes = [0; 8];
    stream.read_exact(&mut bytes)?;
    Ok(u64::from_le_bytes(bytes))
}

fn send_text(stream: &mut impl Write, text: &str) -> std::io::Result<()> {
    stream.write_all(&(text.len() as u64).to_le_bytes())?;
    stream.write_all(text.as_bytes())
}

/// Reads a text of at most `MAX_TEXT` bytes; `None` if it is longer or not UTF-8.
fn receive_text(stream: &mut impl Read) -> std::io::Result<Option<String>> {
    let length = read_number(stream)?;
    if length > MAX_TEXT {
        return Ok(None);
    }
    let mut bytes = vec![0; length as usize];
    stream.read_exact(&mut bytes)?;
    Ok(String::from_utf8(bytes).ok())
}

/// Process 0's answer to the others.
#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    Go,
    /// A process differs, or is not one of the cluster: the line that says how.
    Mismatch(String),
    /// A process did not come: the line that says which.
    Missing(String),
}

impl Verdict {
    fn send(&self, stream: &mut impl Write) -> std::io::Result<()> {
        let (code, line) = match self {
            Verdict::Go => (0, ""),
            Verdict::Mismatch(line) => (1, line.as_str()),
            Verdict::Missing(line) => (2, line.as_str()),
        };
        stream.write_all(&[code])?;
        send_text(stream, line)
    }

    fn receive(stream: &mut impl Read) -> std::io::Result<Option<Self>> {
        let mut code = [0];
        stream.read_exact(&mut code)?;
        let Some(line) = receive_text(stream)? else {
            return Ok(None);
        };
        Ok(match code[0] {
            0 => Some(Verdict::Go),
            1 => Some(Verdict::Mismatch(line)),
            2 => Some(Verdict::Missing(line)),
            _ => None,
        })
    }

    fn into_result(self) -> Result<(), ExploreError> {
        match self {
            Verdict::Go => Ok(()),
            Verdict::Mismatch(line) => Err(ExploreError::Mismatch(line)),
            Verdict::Missing(line) => Err(ExploreError::Cluster(line)),
        }
    }
}

/// The processes of a cluster as one of them sees them.
pub(crate) struct Meeting<'a> {
    pub(crate) hosts: &'a [String],
    pub(crate) process: usize,
    pub(crate) terms: &'a Terms,
    pub(crate) patience: Duration,
}

impl Meeting<'_> {
    /// Agrees with the other processes on the terms (process 0 hears every other; the others
    /// hear process 0's verdict); returns the control connections, by peer.
    pub(crate) fn agree(
        &self,
        listener: &TcpListener,
    ) -> Result<Vec<(usize, TcpStream)>, ExploreError> {
        if self.process == 0 {
            self.hear_everyone(listener)
        } else {
            self.ask_process_0().map(|stream| vec![(0, stream)])
        }
    }

    fn seconds(&self) -> f64 {
        self.patience.as_secs_f64()
    }

    /// Connects to process `peer`, trying again until `deadline`.
    fn reach(&self, peer: usize, deadline: Instant) -> Result<TcpStream, ExploreError> {
        let address = &self.hosts[peer];
        loop {
            match TcpStream::connect(address) {
                Ok(stream) => {
                    stream
                        .set_nodelay(true)
                        .map_err(|error| lost(peer, error))?;
                    return Ok(stream);
                }
                Err(_) if Instant::now() < deadline => std::thread::sleep(RETRY),
                Err(error) => {
                    return Err(ExploreError::Cluster(format!(
                        "process {peer} at {address} did not answer within {} s: {error}",
                        self.seconds()
                    )));
                }
            }
        }
    }

    /// Accepts connections until one says a hello before `deadline`, and returns it; `None`
    /// when the deadline passes first. A stranger (a port scan, a browser, anything that says
    /// no hello within [`HELLO_PATIENCE`]) is dropped and the handshake goes on.
    fn next_hello(
        &self,
        listener: &TcpListener,
        deadline: Instant,
    ) -> Result<Option<(TcpStream, Hello)>, ExploreError> {
        loop {
            let Some(mut stream) = accept(listener, deadline)? else {
                return Ok(None);
            };
            if let Some(hello) = read_hello(&mut stream, deadline) {
                return Ok(Some((stream, hello)));
            }
        }
    }

    /// Process 0: hears every other process's terms, then tells all of them the verdict (on a
    /// mismatch, also those that come later, until the patience is over).
    fn hear_everyone(
        &self,
        listener: &TcpListener,
    ) -> Result<Vec<(usize, TcpStream)>, ExploreError> {
        let deadline = Instant::now() + self.patience;
        let mut peers: Vec<Option<TcpStream>> = self.hosts.iter().map(|_| None).collect();
        let mut strays = Vec::new();
        let mut verdict = Verdict::Go;
        while let Some(missing) = (1..self.hosts.len()).find(|&peer| peers[peer].is_none()) {
            let Some((stream, hello)) = self.next_hello(listener, deadline)? else {
                verdict = Verdict::Missing(self.missing(missing));
                break;
            };
            match self.refusal(&hello, &peers) {
                None => peers[hello.index] = Some(stream),
                Some(line) => {
                    strays.push((hello.index, stream));
                    verdict = Verdict::Mismatch(line);
                    break;
                }
            }
        }
        let mut told: Vec<bool> = peers.iter().map(Option::is_some).collect();
        for (index, stream) in &mut strays {
            // A process that cannot be told stops on its own when the connection closes.
            let _ = verdict.send(stream);
            if let Some(told) = told.get_mut(*index) {
                *told = true;
            }
        }
        let mut control: Vec<(usize, TcpStream)> = peers
            .into_iter()
            .enumerate()
            .filter_map(|(peer, stream)| stream.map(|stream| (peer, stream)))
            .collect();
        for (_, stream) in &mut control {
            let _ = verdict.send(stream);
        }
        if matches!(verdict, Verdict::Mismatch(_)) {
            while (1..told.len()).any(|peer| !told[peer]) {
                let Ok(Some((mut stream, hello))) = self.next_hello(listener, deadline) else {
                    break;
                };
                let _ = verdict.send(&mut stream);
                if let Some(told) = told.get_mut(hello.index) {
                    *told = true;
                }
            }
        }
        verdict.into_result().map(|()| control)
    }

    /// Connects this process to the others for timely, once they agreed: each before it by
    /// connecting and saying its index, each after it by accepting, within the patience.
    /// Timely connects processes alike, but prints on standard output, where the answer goes,
    /// and waits forever.
    pub(crate) fn connect(
        &self,
        listener: &TcpListener,
    ) -> Result<Vec<Option<TcpStream>>, ExploreError> {
        let (hosts, process) = (self.hosts, self.process);
        let deadline = Instant::now() + self.patience;
        let mut sockets: Vec<Option<TcpStream>> = hosts.iter().map(|_| None).collect();
        for (peer, socket) in sockets.iter_mut().enumerate().take(process) {
            let mut stream = self.reach(peer, deadline)?;
            let hello = Hello {
                purpose: Purpose::Mesh,
                index: process,
                terms: Terms::new(),
            };
            hello.send(&mut stream).map_err(|error| lost(peer, error))?;
            *socket = Some(stream);
        }
        while let Some(missing) = (process + 1..hosts.len()).find(|&peer| sockets[peer].is_none()) {
            let Some((stream, hello)) = self.next_hello(listener, deadline)? else {
                return Err(ExploreError::Cluster(self.missing(missing)));
            };
            let peer = hello.index;
            if hello.purpose != Purpose::Mesh
                || peer <= process
                || peer >= hosts.len()
                || sockets[peer].is_some()
            {
                return Err(ExploreError::Mismatch(format!(
                    "a connection says it is process {peer}, unexpected"
                )));
            }
            sockets[peer] = Some(stream);
        }
        Ok(sockets)
    }

    /// The line that says process `peer` did not come.
    fn missing(&self, peer: usize) -> String {
        format!(
            "process {peer} at {} did not connect within {} s",
            self.hosts[peer],
            self.seconds()
        )
    }

    /// Why process 0 refuses the process that said `hello`, if it does.
    fn refusal(&self, hello: &Hello, peers: &[Option<TcpStream>]) -> Option<String> {
        if let Some(difference) = self.terms.difference(&hello.terms) {
            return Some(format!(
                "process {} was started with {}, process 0 with {}: start every process with the \
                 same options",
                hello.index, difference.theirs, difference.ours
            ));
        }
        if hello.purpose != Purpose::Control || hello.index == 0 || hello.index >= peers.len() {
            return Some(format!(
                "a process says it is process {}, not one of 1 to {}",
                hello.index,
                peers.len() - 1
            ));
        }
        peers[hello.index]
            .is_some()
            .then(|| format!("two processes say they are process {}", hello.index))
    }

    /// Any process but 0: says its terms to process 0 and waits for the verdict.
    fn ask_process_0(&self) -> Result<TcpStream, ExploreError> {
        let mut stream = self.reach(0, Instant::now() + self.patience)?;
        let hello = Hello {
            purpose: Purpose::Control,
            index: self.process,
            terms: self.terms.clone(),
        };
        let verdict = hello
            .send(&mut stream)
            .and_then(|()| stream.set_read_timeout(Some(self.patience)))
            .and_then(|()| Verdict::receive(&mut stream));
        let silent = || {
            ExploreError::Cluster(format!(
                "process 0 at {} gave no verdict within {} s",
                self.hosts[0],
                self.seconds()
            ))
        };
        match verdict {
            Ok(Some(verdict)) => verdict.into_result()?,
            Ok(None) => {
                return Err(ExploreError::Mismatch(
                    "process 0 is not a process of this cluster".into(),
                ));
            }
            Err(error) if matches!(error.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return Err(silent());
            }
            Err(error) => return Err(lost(0, error)),
        }
        stream
            .set_read_timeout(None)
            .map_err(|error| lost(0, error))?;
        Ok(stream)
    }
}

/// The next connection before `deadline`; `None` when the deadline passes first.
fn accept(listener: &TcpListener, deadline: Instant) -> Result<Option<TcpStream>, ExploreError> {
    loop {
        match listener.accept() {
            Ok((stream, _)) => return Ok(Some(stream)),
            Err(error) if error.kind() == ErrorKind::WouldBlock => {
                if Instant::now() >= deadline {
                    return Ok(None);
                }
                std::thread::sleep(RETRY);
            }
            Err(error) => {
                return Err(ExploreError::Cluster(format!("cannot accept: {error}")));
            }
        }
    }
}

/// The hello `stream` says within [`HELLO_PATIENCE`] (and before `deadline`), the stream then
/// left blocking without a timeout; `None` when what comes is not one, or nothing comes.
fn read_hello(stream: &mut TcpStream, deadline: Instant) -> Option<Hello> {
    let wait = deadline
        .saturating_duration_since(Instant::now())
        .clamp(RETRY, HELLO_PATIENCE);
    stream.set_nonblocking(false).ok()?;
    stream.set_nodelay(true).ok()?;
    stream.set_read_timeout(Some(wait)).ok()?;
    let hello = Hello::receive(stream).ok()??;
    stream.set_read_timeout(None).ok()?;
    Some(hello)
}

fn lost(peer: usize, error: std::io::Error) -> ExploreError {
    ExploreError::Cluster(format!("lost process {peer}: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `count` addresses of 127.0.0.1, with their listeners bound.
    fn listeners(count: usize) -> (Vec<String>, Vec<TcpListener>) {
        let listeners: Vec<TcpListener> = (0..count)
            .map(|_| {
                let listener = TcpListener::bind("127.0.0.1:0").unwrap();
                listener.set_nonblocking(true).unwrap();
                listener
            })
            .collect();
        let hosts = listeners
            .iter()
            .map(|listener| listener.local_addr().unwrap().to_string())
            .collect();
        (hosts, listeners)
    }

    fn terms(depth: Option<u32>) -> Terms {
        Terms::new()
            .with("puzzle", Some("eight"))
            .with("--max-depth", depth)
    }

    /// Every process's handshake, each on its own thread with its own terms; their results in
    /// process order.
    fn meet(every: &[Terms], patience: Duration) -> Vec<Result<usize, ExploreError>> {
        let (hosts, listeners) = listeners(every.len());
        meet_on(&hosts, &listeners, every, patience)
    }

    /// [`meet`] on listeners already bound at `hosts`.
    fn meet_on(
        hosts: &[String],
        listeners: &[TcpListener],
        every: &[Terms],
        patience: Duration,
    ) -> Vec<Result<usize, ExploreError>> {
        std::thread::scope(|scope| {
            let meetings: Vec<_> = listeners
                .iter()
                .zip(every)
                .enumerate()
                .map(|(process, (listener, terms))| {
                    scope.spawn(move || {
                        let meeting = Meeting {
                            hosts,
                            process,
                            terms,
                            patience,
                        };
                        meeting.agree(listener).map(|control| control.len())
                    })
                })
                .collect();
            meetings
                .into_iter()
                .map(|meeting| meeting.join().unwrap())
                .collect()
        })
    }

    #[test]
    fn processes_that_agree_go_and_process_0_keeps_a_connection_to_each() {
        let met = meet(
            &[terms(None), terms(None), terms(None)],
            Duration::from_secs(10),
        );
        assert_eq!(met, [Ok(2), Ok(1), Ok(1)]);
    }

    #[test]
    fn one_process_that_differs_stops_every_process_naming_the_option() {
        let met = meet(
            &[terms(None), terms(Some(5)), terms(None)],
            Duration::from_secs(10),
        );
        let line = "process 1 was started with --max-depth 5, process 0 with no --max-depth: \
                    start every process with the same options";
        // Process 2 is told whether it came before process 1 or after.
        for result in met {
            assert_eq!(result, Err(ExploreError::Mismatch(line.into())));
        }
    }

    /// Process 0's handshake in a cluster of two, once `meanwhile` has had its address; and the
    /// addresses.
    fn process_0_of_two(
        patience: Duration,
        meanwhile: impl FnOnce(&str),
    ) -> (Result<usize, ExploreError>, Vec<String>) {
        let (hosts, listeners) = listeners(2);
        let terms = terms(None);
        let meeting = Meeting {
            hosts: &hosts,
            process: 0,
            terms: &terms,
            patience,
        };
        meanwhile(&hosts[0]);
        let met = meeting.agree(&listeners[0]).map(|control| control.len());
        (met, hosts)
    }

    #[test]
    fn a_process_that_never_comes_is_reported_within_the_patience() {
        let started = Instant::now();
        let (missing, hosts) = process_0_of_two(Duration::from_millis(300), |_| {});
        assert!(started.elapsed() < Duration::from_secs(5));
        let line = format!("process 1 at {} did not connect within 0.3 s", hosts[1]);
        assert_eq!(missing, Err(ExploreError::Cluster(line)));
    }

    #[test]
    fn strangers_are_dropped_and_the_handshake_goes_on() {
        let (hosts, listeners) = listeners(2);
        // Before either process meets: one that sends what no process sends, one that sends
        // the start of a hello and stalls, one that sends nothing; all stay connected.
        let strangers: Vec<TcpStream> = [&b"GET / HTTP/1.1\r\n\r\n"[..], &[1, 1, 0], &[]]
            .iter()
            .map(|bytes| {
                let mut stranger = TcpStream::connect(&hosts[0]).unwrap();
                stranger.write_all(bytes).unwrap();
                stranger
            })
            .collect();
        let started = Instant::now();
        let met = meet_on(
            &hosts,
            &listeners,
            &[terms(None), terms(None)],
            Duration::from_secs(20),
        );
        assert_eq!(met, [Ok(1), Ok(1)]);
        // The two silent ones were each given the hello's patience, no more.
        let took = started.elapsed();
        assert!(
            took < 2 * HELLO_PATIENCE + Duration::from_secs(2),
            "{took:?}"
        );
        drop(strangers);
    }

    proptest::proptest! {
        /// Whatever a peer or a stranger sends, reading it gives a hello made of those bytes,
        /// `None` or an error, never a panic; one that does not start as a hello is refused.
        #[test]
        fn any_bytes_read_as_a_hello_or_a_refusal(
            bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..64),
        ) {
            let hello = Hello::receive(&mut &bytes[..]);
            if bytes.first().is_some_and(|&purpose| purpose != 1 && purpose != 2) {
                proptest::prop_assert!(matches!(hello, Ok(None)));
            }
            if let Ok(Some(hello)) = &hello {
                proptest::prop_assert!(bytes.len() >= 17 + hello.terms.encode().len());
            }
            let verdict = Verdict::receive(&mut &bytes[..]);
            if bytes.first().is_some_and(|&code| code > 2) {
                proptest::prop_assert!(matches!(verdict, Ok(None) | Err(_)));
            }
        }

        #[test]
        fn a_hello_reads_back_as_sent(
            index in 0usize..1 << 20,
            names in proptest::collection::vec("[-a-z ]{1,12}", 0..6),
            values in proptest::collection::vec(proptest::option::of("[ -~]{0,12}"), 6),
        ) {
            let terms = names
                .iter()
                .zip(&values)
                .fold(Terms::new(), |terms, (name, value)| terms.with(name, value.as_deref()));
            let hello = Hello { purpose: Purpose::Control, index, terms };
            let mut sent = Vec::new();
            hello.send(&mut sent).unwrap();
            proptest::prop_assert_eq!(Hello::receive(&mut &sent[..]).unwrap(), Some(hello));
        }
    }
}
