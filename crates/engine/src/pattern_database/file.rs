//! The file format of a pattern database: a 4 KiB header, then one byte per entry.
//!
//! Header, little-endian: the magic `STSPPDB\0`, the format version (`u32`), the header length
//! (`u32`, 4096), the number of entries (`u64`), the checksum of the entries (`u64`, see
//! [`checksum`]), then the domain and the pattern of the [`TableId`], each as a `u16` length and
//! UTF-8 bytes, and zeros up to the header length. The entries start on a page boundary so that
//! they can be mapped on their own.

use std::fmt;
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use memmap2::{Mmap, MmapOptions};
use rayon::prelude::*;
use xxhash_rust::xxh3::xxh3_64;

use super::{PatternDatabase, TableId};

/// The version of the file format this build reads and writes.
pub const FORMAT_VERSION: u32 = 1;

const MAGIC: &[u8; 8] = b"STSPPDB\0";
const HEADER_LEN: usize = 4096;
/// The checksum hashes blocks of this size in parallel, then the list of their hashes.
const CHECKSUM_BLOCK: usize = 1 << 20;

/// Where a table's bytes live.
pub(super) enum Data {
    Owned(Vec<u8>),
    Mapped(Mmap),
}

impl Data {
    #[inline]
    pub(super) fn as_bytes(&self) -> &[u8] {
        match self {
            Data::Owned(bytes) => bytes,
            Data::Mapped(map) => map,
        }
    }
}

/// The checksum of a table's entries: XXH3-64 of each 1 MiB block (hashed in parallel), then
/// XXH3-64 of those hashes and the length.
pub(super) fn checksum(bytes: &[u8]) -> u64 {
    let blocks: Vec<u64> = bytes.par_chunks(CHECKSUM_BLOCK).map(xxh3_64).collect();
    let mut summary = Vec::with_capacity(8 * (blocks.len() + 1));
    summary.extend((bytes.len() as u64).to_le_bytes());
    for block in blocks {
        summary.extend(block.to_le_bytes());
    }
    xxh3_64(&summary)
}

/// What a table file says about itself, read without touching its entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// What the table abstracts.
    pub id: TableId,
    /// The number of entries.
    pub entries: u64,
    /// The checksum of the entries.
    pub checksum: u64,
}

/// Why a table file was refused.
#[derive(Debug)]
pub enum PdbError {
    /// The file could not be opened, read or written.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: io::Error,
    },
    /// The file is not a pattern database of this format (wrong magic or malformed header).
    NotATable {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// The file was written by another version of the format.
    Version {
        /// The file.
        path: PathBuf,
        /// Its format version.
        found: u32,
    },
    /// The file holds a table of something else.
    Foreign {
        /// The file.
        path: PathBuf,
        /// What it holds.
        found: Box<TableId>,
        /// What was asked for.
        expected: Box<TableId>,
    },
    /// The file is shorter or longer than its header says, or its entries do not match its
    /// checksum: it was damaged.
    Damaged {
        /// The file.
        path: PathBuf,
        /// What does not match.
        reason: String,
    },
}

impl PdbError {
    /// Whether the file simply does not exist (as opposed to being unreadable or refused).
    pub fn is_missing(&self) -> bool {
        matches!(self, PdbError::Io { error, .. } if error.kind() == io::ErrorKind::NotFound)
    }

    pub(super) fn io(path: &Path, error: io::Error) -> Self {
        PdbError::Io {
            path: path.to_path_buf(),
            error,
        }
    }
}

impl fmt::Display for PdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdbError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            PdbError::NotATable { path, reason } => {
                write!(f, "{}: not a pattern database ({reason})", path.display())
            }
            PdbError::Version { path, found } => write!(
                f,
                "{}: pattern database format version {found}, this build reads version {FORMAT_VERSION}",
                path.display()
            ),
            PdbError::Foreign {
                path,
                found,
                expected,
            } => write!(
                f,
                "{}: holds the table of \"{found}\", not of \"{expected}\"",
                path.display()
            ),
            PdbError::Damaged { path, reason } => {
                write!(f, "{}: damaged pattern database ({reason})", path.display())
            }
        }
    }
}

impl std::error::Error for PdbError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PdbError::Io { error, .. } => Some(error),
            _ => None,
        }
    }
}

impl Header {
    fn encode(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(HEADER_LEN);
        bytes.extend(MAGIC);
        bytes.extend(FORMAT_VERSION.to_le_bytes());
        bytes.extend((HEADER_LEN as u32).to_le_bytes());
        bytes.extend(self.entries.to_le_bytes());
        bytes.extend(self.checksum.to_le_bytes());
        for text in [&self.id.domain, &self.id.pattern] {
            let length = u16::try_from(text.len()).expect("table identity under 64 KiB");
            bytes.extend(length.to_le_bytes());
            bytes.extend(text.as_bytes());
        }
        assert!(bytes.len() <= HEADER_LEN, "table identity too long");
        bytes.resize(HEADER_LEN, 0);
        bytes
    }

    fn decode(path: &Path, bytes: &[u8]) -> Result<Self, PdbError> {
        let not_a_table = |reason: &str| PdbError::NotATable {
            path: path.to_path_buf(),
            reason: reason.to_string(),
        };
        let mut reader = Reader { bytes, at: 0 };
        if reader.take(MAGIC.len()) != Some(MAGIC.as_slice()) {
            return Err(not_a_table("wrong magic number"));
        }
        let version = reader.u32().ok_or_else(|| not_a_table("no version"))?;
        if version != FORMAT_VERSION {
            return Err(PdbError::Version {
                path: path.to_path_buf(),
                found: version,
            });
        }
        if reader.u32() != Some(HEADER_LEN as u32) {
            return Err(not_a_table("unexpected header length"));
        }
        let entries = reader.u64().ok_or_else(|| not_a_table("no entry count"))?;
        let checksum = reader.u64().ok_or_else(|| not_a_table("no checksum"))?;
        let mut text = || {
            let length = reader.u16()?;
            let bytes = reader.take(usize::from(length))?;
            String::from_utf8(bytes.to_vec()).ok()
        };
        let domain = text().ok_or_else(|| not_a_table("malformed domain"))?;
        let pattern = text().ok_or_else(|| not_a_table("malformed pattern"))?;
        Ok(Header {
            id: TableId { domain, pattern },
            entries,
            checksum,
        })
    }

    /// Reads the header of the table file at `path`, without reading or checking its entries.
    pub fn read(path: &Path) -> Result<Self, PdbError> {
        let mut file = open_regular(path)?;
        Self::read_from(path, &mut file)
    }

    fn read_from(path: &Path, file: &mut File) -> Result<Self, PdbError> {
        let mut bytes = Vec::with_capacity(HEADER_LEN);
        file.take(HEADER_LEN as u64)
            .read_to_end(&mut bytes)
            .map_err(|error| PdbError::io(path, error))?;
        Self::decode(path, &bytes)
    }
}

/// Drops the written, now clean, pages of `file` from the page cache. Written pages stay in the
/// cache as small pages, and every later mapping of the table then takes a page fault each
/// 4 KiB and a TLB miss at most reads; pages read back into the cache come in large folios.
/// The cube's `giant` tables (then 9 GB) loaded in 9.6 s from written pages and in 0.27 s
/// once read back (BENCHMARKS.md). Only advice: where it fails, nothing is lost.
fn drop_cached_pages(file: &File) {
    #[cfg(target_os = "linux")]
    let _ = rustix::fs::fadvise(file, 0, None, rustix::fs::Advice::DontNeed);
    #[cfg(not(target_os = "linux"))]
    let _ = file;
}

/// Reads little-endian fields off a byte slice.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, length: usize) -> Option<&'a [u8]> {
        let field = self.bytes.get(self.at..self.at.checked_add(length)?)?;
        self.at += length;
        Some(field)
    }
    fn u16(&mut self) -> Option<u16> {
        Some(u16::from_le_bytes(self.take(2)?.try_into().ok()?))
    }
    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }
}

impl PatternDatabase {
    /// The header this table is saved with.
    pub fn header(&self) -> Header {
        Header {
            id: self.id.clone(),
            entries: self.len(),
            checksum: self.checksum,
        }
    }

    /// Writes the table to `path`: into a temporary file beside it, renamed into place once
    /// complete, so that an interrupted save never leaves a partial table under that name.
    pub fn save(&self, path: &Path) -> Result<(), PdbError> {
        let temporary = path.with_extension(format!("partial-{}", std::process::id()));
        let write = || -> io::Result<()> {
            let mut out = BufWriter::with_capacity(1 << 20, File::create(&temporary)?);
            out.write_all(&self.header().encode())?;
            out.write_all(self.as_bytes())?;
            let file = out.into_inner().map_err(|error| error.into_error())?;
            file.sync_all()?;
            drop_cached_pages(&file);
            std::fs::rename(&temporary, path)
        };
        write().map_err(|error| {
            let _ = std::fs::remove_file(&temporary);
            PdbError::io(path, error)
        })
    }

    /// Loads the table at `path`, memory-mapped, if it holds the table `expected` and its entries
    /// match their checksum; refuses it with the reason otherwise.
    pub fn load(path: &Path, expected: &TableId) -> Result<Self, PdbError> {
        let mut file = open_regular(path)?;
        let header = Header::read_from(path, &mut file)?;
        if header.id != *expected {
            return Err(PdbError::Foreign {
                path: path.to_path_buf(),
                found: Box::new(header.id),
                expected: Box::new(expected.clone()),
            });
        }
        let length = file
            .metadata()
            .map_err(|error| PdbError::io(path, error))?
            .len();
        let damaged = |reason: String| PdbError::Damaged {
            path: path.to_path_buf(),
            reason,
        };
        let expected_length = header.entries.checked_add(HEADER_LEN as u64);
        if expected_length != Some(length) {
            return Err(damaged(format!(
                "{length} bytes, the header announces {} entries",
                header.entries
            )));
        }
        let entries = usize::try_from(header.entries)
            .map_err(|_| damaged("more entries than memory can address".into()))?;
        let data = if entries == 0 {
            Data::Owned(Vec::new())
        } else {
            // SAFETY: the mapping is read-only and private to this process. The one hazard of a
            // file mapping is another process truncating or rewriting the file while it is mapped;
            // the cache never rewrites a table in place (saves go through a rename), and the
            // entries are checked against their checksum right below.
            let map = unsafe {
                MmapOptions::new()
                    .offset(HEADER_LEN as u64)
                    .len(entries)
                    .map(&file)
            }
            .map_err(|error| PdbError::io(path, error))?;
            Data::Mapped(map)
        };
        let found = checksum(data.as_bytes());
        if found != header.checksum {
            return Err(damaged(format!(
                "checksum {found:016x}, the header records {:016x}",
                header.checksum
            )));
        }
        Ok(PatternDatabase {
            id: header.id,
            checksum: header.checksum,
            data,
        })
    }

    /// Recomputes the checksum of the table at `path` and compares it with its header, whatever
    /// table it holds; returns the header when they match.
    pub fn verify(path: &Path) -> Result<Header, PdbError> {
        let header = Header::read(path)?;
        Self::load(path, &header.id).map(|table| table.header())
    }
}

/// Opens `path` for reading if it is a regular file: a FIFO or a device named like a table would
/// block or never end, so they are refused without being opened.
fn open_regular(path: &Path) -> Result<File, PdbError> {
    let metadata = std::fs::metadata(path).map_err(|error| PdbError::io(path, error))?;
    if !metadata.is_file() {
        return Err(PdbError::NotATable {
            path: path.to_path_buf(),
            reason: "not a regular file".to_string(),
        });
    }
    File::open(path).map_err(|error| PdbError::io(path, error))
}
