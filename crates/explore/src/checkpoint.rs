//! Checkpoints: after each layer, the cells and the counts so far, written beside a run under a
//! temporary name and renamed into place (a run killed while writing leaves the previous
//! checkpoint whole), with the run's identity and an XXH3 checksum; a damaged checkpoint or one
//! of another run is refused, never trusted.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use xxhash_rust::xxh3::Xxh3;

use crate::ExploreError;

/// The first bytes of a checkpoint file.
const MAGIC: &[u8] = b"statespace explore checkpoint 1\n";
/// The checkpoint's name in its folder.
const FILE: &str = "explore.checkpoint";

/// Where a run keeps its checkpoint, and what identifies the run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The folder.
    pub dir: PathBuf,
    /// The run's identity (puzzle, options, goals): a checkpoint of another run is refused.
    pub run: String,
}

/// What a checkpoint restores: the layers' counts (the cells go back into place).
pub(crate) type Layers = Vec<u64>;

impl Checkpoint {
    fn path(&self) -> PathBuf {
        self.dir.join(FILE)
    }

    /// Writes the cells and the layers so far.
    pub(crate) fn save(&self, cells: &[AtomicU64], layers: &[u64]) -> Result<(), ExploreError> {
        let io = |error: std::io::Error| {
            ExploreError::Checkpoint(format!("{}: {error}", self.dir.display()))
        };
        std::fs::create_dir_all(&self.dir).map_err(io)?;
        let temporary = self.dir.join(format!("{FILE}.partial"));
        let mut out = Hashed::new(BufWriter::with_capacity(
            1 << 20,
            File::create(&temporary).map_err(io)?,
        ));
        out.put(MAGIC).map_err(io)?;
        out.put(&(self.run.len() as u64).to_le_bytes())
            .map_err(io)?;
        out.put(self.run.as_bytes()).map_err(io)?;
        out.put(&(layers.len() as u64).to_le_bytes()).map_err(io)?;
        for layer in layers {
            out.put(&layer.to_le_bytes()).map_err(io)?;
        }
        out.put(&(cells.len() as u64).to_le_bytes()).map_err(io)?;
        for cell in cells {
            out.put(&cell.load(Ordering::Relaxed).to_le_bytes())
                .map_err(io)?;
        }
        let checksum = out.hasher.digest();
        let mut file = out.inner;
        file.write_all(&checksum.to_le_bytes()).map_err(io)?;
        // Without a sync: a killed process loses nothing the system has; only a power cut could.
        file.flush().map_err(io)?;
        drop(file);
        std::fs::rename(&temporary, self.path()).map_err(io)
    }

    /// Restores the cells from the checkpoint, if there is one; returns its layers.
    pub(crate) fn restore(&self, cells: &[AtomicU64]) -> Result<Option<Layers>, ExploreError> {
        let path = self.path();
        let file = match File::open(&path) {
            Ok(file) => file,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(error) => {
                return Err(ExploreError::Checkpoint(format!(
                    "{}: {error}",
                    path.display()
                )));
            }
        };
        let refused = |reason: &str| {
            ExploreError::Checkpoint(format!("{}: {reason}; refused", path.display()))
        };
        let mut input = Hashed::new(BufReader::with_capacity(1 << 20, file));
        let mut magic = vec![0; MAGIC.len()];
        input
            .take(&mut magic)
            .map_err(|_| refused("not a checkpoint"))?;
        if magic != MAGIC {
            return Err(refused("not a checkpoint of this version"));
        }
        let damaged = |_| refused("damaged (cut short)");
        let run_length = input.number().map_err(damaged)?;
        if run_length != self.run.len() as u64 {
            return Err(refused("the checkpoint of another run"));
        }
        let mut run = vec![0; self.run.len()];
        input.take(&mut run).map_err(damaged)?;
        if run != self.run.as_bytes() {
            return Err(refused("the checkpoint of another run"));
        }
        let count = input.number().map_err(damaged)?;
        if count > 1 << 16 {
            return Err(refused("damaged (layers)"));
        }
        let layers = (0..count)
            .map(|_| input.number())
            .collect::<Result<Vec<_>, _>>()
            .map_err(damaged)?;
        if input.number().map_err(damaged)? != cells.len() as u64 {
            return Err(refused("the checkpoint of another space"));
        }
        for cell in cells {
            cell.store(input.number().map_err(damaged)?, Ordering::Relaxed);
        }
        let computed = input.hasher.digest();
        let mut recorded = [0; 8];
        input.inner.read_exact(&mut recorded).map_err(damaged)?;
        let trailing = input.inner.read(&mut [0]).map_err(damaged)?;
        if u64::from_le_bytes(recorded) != computed || trailing != 0 {
            return Err(refused("damaged (checksum)"));
        }
        Ok(Some(layers))
    }
}

/// A reader or writer that hashes what passes through it.
struct Hashed<T> {
    inner: T,
    hasher: Xxh3,
}

impl<T> Hashed<T> {
    fn new(inner: T) -> Self {
        Self {
            inner,
            hasher: Xxh3::new(),
        }
    }
}

impl<W: Write> Hashed<W> {
    fn put(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.hasher.update(bytes);
        self.inner.write_all(bytes)
    }
}

impl<R: Read> Hashed<R> {
    fn take(&mut self, bytes: &mut [u8]) -> std::io::Result<()> {
        self.inner.read_exact(bytes)?;
        self.hasher.update(bytes);
        Ok(())
    }

    fn number(&mut self) -> std::io::Result<u64> {
        let mut bytes = [0; 8];
        self.take(&mut bytes)?;
        Ok(u64::from_le_bytes(bytes))
    }
}
