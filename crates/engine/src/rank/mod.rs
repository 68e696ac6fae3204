//! Perfect hashing of combinatorial objects: rank and unrank.
