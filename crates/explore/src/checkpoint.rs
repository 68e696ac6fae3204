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
const MAGIC: &[u8] = b"statespace explore checkpoint 3\n";
/// The checkpoint's name in its folder.
const FILE: &str = "explore.checkpoint";

/// Where a run keeps its checkpoint, and what identifies the run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The folder.
    pub dir: PathBuf,
    /// The run's identity (puzzle, options, goals, mode): a checkpoint of another run is refused.
    pub run: String,
}

/// What a checkpoint restores: the layers' counts (the cells go back into place).
pub(crate) type Layers = Vec<u64>;

/// What a sparse run's checkpoint restores besides: its last two layers.
pub(crate) type Lists = Vec<Vec<u64>>;

/// The words a checkpoint holds after the layers' counts: a dense run's cells, or a sparse run's
/// last two layers.
pub(crate) enum Words<'a> {
    /// The cells of a dense run, written and read in place.
    Cells(&'a [AtomicU64]),
    /// Lists of ranks, read into new vectors.
    Lists(&'a [&'a [u64]]),
}

impl Checkpoint {
    fn path(&self) -> PathBuf {
        self.dir.join(FILE)
    }

    fn io(&self) -> impl Fn(std::io::Error) -> ExploreError + '_ {
        |error| ExploreError::Checkpoint(format!("{}: {error}", self.dir.display()))
    }

    /// Writes the layers so far and `words`.
    pub(crate) fn save(&self, layers: &[u64], words: Words<'_>) -> Result<(), ExploreError> {
        let io = self.io();
        std::fs::create_dir_all(&self.dir).map_err(&io)?;
        let temporary = self.dir.join(format!("{FILE}.partial"));
        let mut out = Hashed::new(BufWriter::with_capacity(
            1 << 20,
            File::create(&temporary).map_err(&io)?,
        ));
        out.put(MAGIC).map_err(&io)?;
        out.list(self.run.len(), self.run.bytes().map(u64::from))
            .map_err(&io)?;
        out.list(layers.len(), layers.iter().copied())
            .map_err(&io)?;
        match words {
            Words::Cells(cells) => {
                out.put_number(1).map_err(&io)?;
                let words = cells.iter().map(|cell| cell.load(Ordering::Relaxed));
                out.list(cells.len(), words).map_err(&io)?;
            }
            Words::Lists(lists) => {
                out.put_number(lists.len() as u64).map_err(&io)?;
                for list in lists {
                    out.list(list.len(), list.iter().copied()).map_err(&io)?;
                }
            }
        }
        let checksum = out.hasher.digest();
        let mut file = out.inner;
        file.write_all(&checksum.to_le_bytes()).map_err(&io)?;
        // Without a sync: a killed process loses nothing the system has; only a power cut could.
        file.flush().map_err(&io)?;
        drop(file);
        std::fs::rename(&temporary, self.path()).map_err(&io)
    }

    /// Restores a dense run's cells from the checkpoint, if there is one; returns its layers.
    pub(crate) fn restore(&self, cells: &[AtomicU64]) -> Result<Option<Layers>, ExploreError> {
        let restored = self.read(|input, count, refused| {
            if count != 1 || input.number()? != cells.len() as u64 {
                return Err(refused("the checkpoint of another space"));
            }
            for cell in cells {
                cell.store(input.number()?, Ordering::Relaxed);
            }
            Ok(())
        })?;
        Ok(restored.map(|(layers, _)| layers))
    }

    /// Restores a sparse run's lists from the checkpoint, if there is one, with its layers.
    pub(crate) fn restore_lists(&self) -> Result<Option<(Layers, Lists)>, ExploreError> {
        let bytes = std::fs::metadata(self.path()).map_or(0, |metadata| metadata.len());
        self.read(|input, count, refused| {
            (0..count)
                .map(|_| {
                    let length = input.number()?;
                    if length > bytes / 8 {
                        return Err(refused("damaged (a list longer than the file)"));
                    }
                    Ok((0..length)
                        .map(|_| input.number())
                        .collect::<Result<Vec<u64>, _>>()?)
                })
                .collect()
        })
    }

    /// The layers' counts of the checkpoint, if there is one, read from its start: its cells
    /// and checksum are checked only when it is restored.
    pub(crate) fn saved_layers(&self) -> Result<Option<Layers>, ExploreError> {
        Ok(self.open()?.map(|(_, layers)| layers))
    }

    fn refused(&self, reason: &str) -> ExploreError {
        ExploreError::Checkpoint(format!("{}: {reason}; refused", self.path().display()))
    }

    /// Opens the checkpoint, if there is one, and reads it up to its words: checks its version
    /// and its run, and returns its layers' counts.
    fn open(&self) -> Result<Option<(Reader, Layers)>, ExploreError> {
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
        let damaged = |_| self.refused("damaged (cut short)");
        let mut input = Hashed::new(BufReader::with_capacity(1 << 20, file));
        let mut magic = vec![0; MAGIC.len()];
        input
            .take(&mut magic)
            .map_err(|_| self.refused("not a checkpoint"))?;
        if magic != MAGIC {
            return Err(self.refused("not a checkpoint of this version"));
        }
        let run_length = input.number().map_err(damaged)?;
        if run_length != self.run.len() as u64 {
            return Err(self.refused("the checkpoint of another run"));
        }
        let run = (0..run_length)
            .map(|_| input.number())
            .collect::<Result<Vec<u64>, _>>()
            .map_err(damaged)?;
        if !run.iter().copied().eq(self.run.bytes().map(u64::from)) {
            return Err(self.refused("the checkpoint of another run"));
        }
        let count = input.number().map_err(damaged)?;
        if count > 1 << 16 {
            return Err(self.refused("damaged (layers)"));
        }
        let layers = (0..count)
            .map(|_| input.number())
            .collect::<Result<Vec<_>, _>>()
            .map_err(damaged)?;
        Ok(Some((input, layers)))
    }

    /// Reads the checkpoint, if there is one, its words by `words` (given the number of word
    /// arrays); checks its run and its checksum.
    fn read<T>(
        &self,
        words: impl FnOnce(&mut Reader, u64, &dyn Fn(&str) -> Refusal) -> Restored<T>,
    ) -> Result<Option<(Layers, T)>, ExploreError> {
        let Some((mut input, layers)) = self.open()? else {
            return Ok(None);
        };
        let refused = |reason: &str| self.refused(reason);
        let damaged = |_| refused("damaged (cut short)");
        let arrays = input.number().map_err(damaged)?;
        let restored = match words(&mut input, arrays, &|reason| Refusal::Reason(reason.into())) {
            Ok(restored) => restored,
            Err(Refusal::Reason(reason)) => return Err(refused(&reason)),
            Err(Refusal::CutShort) => return Err(refused("damaged (cut short)")),
        };
        let computed = input.hasher.digest();
        let mut recorded = [0; 8];
        input.inner.read_exact(&mut recorded).map_err(damaged)?;
        let trailing = input.inner.read(&mut [0]).map_err(damaged)?;
        if u64::from_le_bytes(recorded) != computed || trailing != 0 {
            return Err(refused("damaged (checksum)"));
        }
        Ok(Some((layers, restored)))
    }
}

/// A checkpoint being read.
type Reader = Hashed<BufReader<File>>;

/// Why the words of a checkpoint could not be read.
enum Refusal {
    Reason(String),
    CutShort,
}

impl From<std::io::Error> for Refusal {
    fn from(_: std::io::Error) -> Self {
        Refusal::CutShort
    }
}

/// What reading a checkpoint's words gives.
type Restored<T> = Result<T, Refusal>;

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

    fn put_number(&mut self, number: u64) -> std::io::Result<()> {
        self.put(&number.to_le_bytes())
    }

    /// Writes `length`, then the numbers.
    fn list(
        &mut self,
        length: usize,
        mut numbers: impl Iterator<Item = u64>,
    ) -> std::io::Result<()> {
        self.put_number(length as u64)?;
        numbers.try_for_each(|number| self.put_number(number))
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
