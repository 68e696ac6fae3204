use statespace_engine::pattern_database::{BuildOptions, PatternSpace, build};
use statespace_puzzles::sliding::pdb::Geometry;
use statespace_puzzles::sliding::pdb::TilePattern;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rows: usize = args[1].parse().unwrap();
    let cells: Vec<u8> = args[2].split(',').map(|c| c.parse().unwrap()).collect();
    let g = Geometry::new(rows, rows).unwrap();
    let p = TilePattern::new(g, cells, 0);
    let t = std::time::Instant::now();
    let b = build(
        &p,
        p.id(),
        &BuildOptions {
            progress: Some("pdb".into()),
            ..Default::default()
        },
    );
    let table = b.table.unwrap();
    eprintln!(
        "entries {} built in {:?}; mean {:.3}",
        p.entries(),
        t.elapsed(),
        table.mean()
    );
    for l in &b.stats.layers {
        eprintln!("{} {} {}", l.depth, l.expanded, l.generated);
    }
    eprintln!("{:?}", table.histogram());
}
