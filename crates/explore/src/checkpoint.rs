//! Checkpoints: after each layer, the cells and the counts so far, written beside a run under a
//! temporary name and renamed into place (a run killed while writing leaves the previous
//! checkpoint whole), with the run's terms and an XXH3 checksum; a damaged checkpoint or one
//! of another run is refused, never trusted, and the refusal names the option that differs. A
//! run holds its folder's lock file while it runs, so that two runs never share a folder.

use std::fs::{File, OpenOptions};
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use fs4::fs_std::FileExt;
use xxhash_rust::xxh3::Xxh3;

use crate::ExploreError;
use crate::terms::Terms;

/// The first bytes of a checkpoint file.
const MAGIC: &[u8] = b"statespace explore checkpoint 4\n";
/// The checkpoint's name in its folder.
const FILE: &str = "explore.checkpoint";
/// The lock file's name in the folder.
const LOCK: &str = "explore.lock";
/// The longest run's terms a checkpoint may hold, in bytes.
const MAX_TERMS: u64 = 1 << 16;
/// How long a run waits for a folder's lock before it refuses the folder. A lock outlives its
/// holder while a process that the holder's program forked at that moment has not yet run its
/// new program (the child holds a copy of the descriptor until then), so a run that follows
/// another in one program could otherwise find the folder taken.
const LOCK_PATIENCE: std::time::Duration = std::time::Duration::from_millis(500);

/// Where a run keeps its checkpoint, and what identifies the run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The folder.
    pub dir: PathBuf,
    /// The run's terms (puzzle, options, goals, mode): a checkpoint of other terms is refused.
    pub run: Terms,
}

/// A folder's lock, held by a run until it is dropped.
#[derive(Debug)]
pub struct FolderLock {
    _file: File,
}

/// Takes the lock of `dir` (created if need be), or says that another run holds it.
pub(crate) fn lock_folder(dir: &Path) -> Result<FolderLock, ExploreError> {
    let io =
        |error: std::io::Error| ExploreError::CheckpointIo(format!("{}: {error}", dir.display()));
    refuse_unless_own_folder(dir)?;
    std::fs::create_dir_all(dir).map_err(io)?;
    let path = dir.join(LOCK);
    refuse_unless_regular(&path)?;
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(io)?;
    if !take_lock(&file).map_err(io)? {
        return Err(ExploreError::Checkpoint(format!(
            "{}: in use by another exploration (it holds {}); refused",
            dir.display(),
            path.display()
        )));
    }
    Ok(FolderLock { _file: file })
}

/// Takes `file`'s lock, waiting up to [`LOCK_PATIENCE`] for a holder that is letting it go;
/// false when it is still held then.
fn take_lock(file: &File) -> std::io::Result<bool> {
    let started = std::time::Instant::now();
    loop {
        if file.try_lock_exclusive()? {
            return Ok(true);
        }
        if started.elapsed() >= LOCK_PATIENCE {
            return Ok(false);
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Refuses `dir` as a checkpoint's folder where it is something else (a file), or the root of
/// the file system, which is no folder of a run's own.
fn refuse_unless_own_folder(dir: &Path) -> Result<(), ExploreError> {
    let refused = |why: &str| {
        Err(ExploreError::Checkpoint(format!(
            "{}: {why}; a checkpoint is kept in a folder of its own",
            dir.display()
        )))
    };
    if dir.parent().is_none() {
        return refused("the root folder");
    }
    match std::fs::metadata(dir) {
        Ok(metadata) if !metadata.is_dir() => refused("not a folder"),
        _ => Ok(()),
    }
}

/// Refuses `path` if something other than a regular file is there: a FIFO or a device named
/// like a checkpoint would block or never end, so it is never opened.
fn refuse_unless_regular(path: &Path) -> Result<(), ExploreError> {
    match std::fs::metadata(path) {
        Ok(metadata) if !metadata.is_file() => Err(ExploreError::Checkpoint(format!(
            "{}: not a regular file; refused",
            path.display()
        ))),
        _ => Ok(()),
    }
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
        |error| ExploreError::CheckpointIo(format!("{}: {error}", self.dir.display()))
    }

    /// Takes the lock of the checkpoint's folder, as a run does while it runs: another run on
    /// the folder is refused meanwhile.
    pub fn lock(&self) -> Result<FolderLock, ExploreError> {
        lock_folder(&self.dir)
    }

    /// Refuses a checkpoint whose last layer, of depth `saved`, is deeper than the depth bound
    /// `bound`: its deeper layers cannot be undone, and the answer would not be the one asked.
    pub(crate) fn within(&self, saved: usize, bound: Option<u32>) -> Result<(), ExploreError> {
        let saved = saved as u32;
        match bound {
            Some(bound) if saved > bound => Err(ExploreError::DeeperCheckpoint {
                path: self.path().display().to_string(),
                saved,
                bound,
            }),
            _ => Ok(()),
        }
    }

    /// Writes the layers so far and `words`; a save that fails leaves no temporary file.
    pub(crate) fn save(&self, layers: &[u64], words: Words<'_>) -> Result<(), ExploreError> {
        let io = self.io();
        std::fs::create_dir_all(&self.dir).map_err(&io)?;
        let temporary = self.dir.join(format!("{FILE}.partial"));
        // Whatever is there (a FIFO would block the write) is this run's to replace.
        match std::fs::remove_file(&temporary) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => return Err(io(error)),
            _ => {}
        }
        let written = self
            .write(&temporary, layers, words)
            .and_then(|()| std::fs::rename(&temporary, self.path()));
        if written.is_err() {
            // A full disk would stay full of it.
            let _ = std::fs::remove_file(&temporary);
        }
        written.map_err(&io)
    }

    fn write(&self, temporary: &Path, layers: &[u64], words: Words<'_>) -> std::io::Result<()> {
        let mut out = Hashed::new(BufWriter::with_capacity(
            1 << 20,
            OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(temporary)?,
        ));
        out.put(MAGIC)?;
        let run = self.run.encode();
        out.list(run.len(), run.bytes().map(u64::from))?;
        out.list(layers.len(), layers.iter().copied())?;
        match words {
            Words::Cells(cells) => {
                out.put_number(1)?;
                let words = cells.iter().map(|cell| cell.load(Ordering::Relaxed));
                out.list(cells.len(), words)?;
            }
            Words::Lists(lists) => {
                out.put_number(lists.len() as u64)?;
                for list in lists {
                    out.list(list.len(), list.iter().copied())?;
                }
            }
        }
        let checksum = out.hasher.digest();
        let mut file = out.inner;
        file.write_all(&checksum.to_le_bytes())?;
        // Without a sync: a killed process loses nothing the system has; only a power cut could.
        file.flush()
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
    /// and checksum are checked only when it is restored (by a dataflow's processes, which
    /// agree on where to resume before they start).
    #[cfg(feature = "dataflow")]
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
        refuse_unless_regular(&path)?;
        let file = match File::open(&path) {
            Ok(file) => file,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(error) => {
                return Err(ExploreError::CheckpointIo(format!(
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
        if run_length > MAX_TERMS {
            return Err(self.refused("damaged (terms)"));
        }
        let run = (0..run_length)
            .map(|_| input.number().map(|byte| u8::try_from(byte).unwrap_or(0)))
            .collect::<Result<Vec<u8>, _>>()
            .map_err(damaged)?;
        let saved = String::from_utf8(run)
            .ok()
            .and_then(|text| Terms::decode(&text))
            .ok_or_else(|| self.refused("damaged (terms)"))?;
        if let Some(difference) = self.run.difference(&saved) {
            return Err(ExploreError::Checkpoint(format!(
                "{}: saved by a run with {}, where this one has {}: run again with {} or use \
                 another folder; refused",
                path.display(),
                difference.theirs,
                difference.ours,
                difference.theirs
            )));
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("statespace-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn checkpoint(dir: &Path, size: &str) -> Checkpoint {
        Checkpoint {
            dir: dir.to_path_buf(),
            run: Terms::new()
                .with("puzzle", Some("sliding"))
                .with("--size", Some(size)),
        }
    }

    fn mkfifo(path: &Path) {
        let made = std::process::Command::new("mkfifo").arg(path).status();
        assert!(made.is_ok_and(|status| status.success()), "mkfifo {path:?}");
    }

    fn save(checkpoint: &Checkpoint) -> Result<(), ExploreError> {
        let lists: [&[u64]; 2] = [&[1, 2], &[3]];
        checkpoint.save(&[1, 2, 1], Words::Lists(&lists))
    }

    #[test]
    fn a_checkpoint_of_other_terms_is_refused_naming_the_option() {
        let dir = scratch("terms");
        save(&checkpoint(&dir, "3x4")).unwrap();
        let restored = checkpoint(&dir, "3x4").restore_lists().unwrap();
        assert_eq!(restored, Some((vec![1, 2, 1], vec![vec![1, 2], vec![3]])));
        match checkpoint(&dir, "3x3").restore_lists() {
            Err(ExploreError::Checkpoint(message)) => assert!(
                message.contains("saved by a run with --size 3x4, where this one has --size 3x3"),
                "{message}"
            ),
            other => panic!("{other:?}"),
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_folder_has_one_run_at_a_time() {
        let dir = scratch("lock");
        let first = checkpoint(&dir, "3x3");
        let held = first.lock().unwrap();
        match first.lock() {
            Err(ExploreError::Checkpoint(message)) => {
                assert!(
                    message.contains("in use by another exploration"),
                    "{message}"
                );
                assert!(message.contains(&*dir.to_string_lossy()), "{message}");
            }
            other => panic!("{other:?}"),
        }
        drop(held);
        assert!(first.lock().is_ok());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Regression: a run that followed another in one program found the folder taken while a
    /// process forked meanwhile still held a copy of the lock's descriptor.
    #[test]
    fn a_lock_let_go_a_moment_later_is_taken() {
        let dir = scratch("lock-let-go");
        let first = checkpoint(&dir, "3x3");
        let held = first.lock().unwrap();
        let letting_go = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(50));
            drop(held);
        });
        assert!(first.lock().is_ok());
        letting_go.join().unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_or_the_root_is_refused_as_the_checkpoints_folder() {
        let file = scratch("not-a-folder");
        std::fs::write(&file, "mine").unwrap();
        for (dir, why) in [
            (file.as_path(), "not a folder"),
            (Path::new("/"), "the root folder"),
        ] {
            match checkpoint(dir, "3x3").lock() {
                Err(ExploreError::Checkpoint(message)) => assert_eq!(
                    message,
                    format!(
                        "{}: {why}; a checkpoint is kept in a folder of its own",
                        dir.display()
                    )
                ),
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine");
        assert!(!Path::new("/").join(LOCK).exists());
        std::fs::remove_file(file).unwrap();
    }

    #[test]
    fn a_fifo_named_like_a_checkpoint_is_refused_without_opening_it() {
        let dir = scratch("fifo");
        std::fs::create_dir_all(&dir).unwrap();
        mkfifo(&dir.join(FILE));
        match checkpoint(&dir, "3x3").restore_lists() {
            Err(ExploreError::Checkpoint(message)) => {
                assert!(message.contains("not a regular file; refused"), "{message}");
            }
            other => panic!("{other:?}"),
        }
        // One at the temporary name is replaced, not written into (which would block).
        std::fs::remove_file(dir.join(FILE)).unwrap();
        mkfifo(&dir.join(format!("{FILE}.partial")));
        save(&checkpoint(&dir, "3x3")).unwrap();
        assert!(checkpoint(&dir, "3x3").restore_lists().unwrap().is_some());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_save_that_fails_leaves_no_temporary_file() {
        let dir = scratch("partial");
        // A folder where the checkpoint goes: the rename fails once the file is written.
        std::fs::create_dir_all(dir.join(FILE)).unwrap();
        let failed = save(&checkpoint(&dir, "3x3"));
        assert!(
            matches!(failed, Err(ExploreError::CheckpointIo(_))),
            "{failed:?}"
        );
        assert!(!dir.join(format!("{FILE}.partial")).exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
