//! Optimal solving of 4x4 and 5x5 boards with pattern databases.
