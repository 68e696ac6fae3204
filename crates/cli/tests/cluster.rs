//! `statespace explore` as a timely dataflow: processes on 127.0.0.1, each with its workers,
//! find what one process finds, and process 0 alone prints it.

mod common;

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Output};
use std::time::{Duration, Instant};

use common::{run, spawn, stderr, stdout};
use serde_json::Value;

/// `count` ports of 127.0.0.1 free a moment ago, for the processes to listen on.
fn free_ports(count: usize) -> Vec<u16> {
    let listeners: Vec<TcpListener> = (0..count)
        .map(|_| TcpListener::bind("127.0.0.1:0").expect("a free port"))
        .collect();
    listeners
        .iter()
        .map(|listener| listener.local_addr().unwrap().port())
        .collect()
}

/// Writes a hostfile of `processes` free addresses of 127.0.0.1.
fn write_hostfile(path: &Path, processes: usize) {
    let hosts: String = free_ports(processes)
        .iter()
        .map(|port| format!("127.0.0.1:{port}\n"))
        .collect();
    std::fs::write(path, hosts).unwrap();
}

/// Runs `statespace ARGS` as `processes` processes of `workers` workers each on 127.0.0.1;
/// returns their outputs, process 0's first.
fn run_cluster(args: &[&str], processes: usize, workers: usize) -> Vec<Output> {
    let hostfile = std::env::temp_dir().join(format!(
        "statespace-hosts-{}-{processes}-{workers}",
        std::process::id()
    ));
    write_hostfile(&hostfile, processes);
    let (workers, processes_text) = (workers.to_string(), processes.to_string());
    let children: Vec<_> = (0..processes)
        .map(|process| {
            let process = process.to_string();
            let cluster = [
                "--workers",
                &workers,
                "--processes",
                &processes_text,
                "--process",
                &process,
                "--hostfile",
                hostfile.to_str().unwrap(),
            ];
            spawn(&[args, &cluster[..]].concat())
        })
        .collect();
    let outputs = children
        .into_iter()
        .map(|child| child.wait_with_output().expect("the process ends"))
        .collect();
    std::fs::remove_file(&hostfile).unwrap();
    outputs
}

fn json(output: &Output) -> Value {
    serde_json::from_str(stdout(output).trim())
        .unwrap_or_else(|error| panic!("{error}: {}", stderr(output)))
}

#[test]
fn processes_find_the_layers_and_antipodes_of_one_process_dense_and_sparse() {
    let puzzles: [&[&str]; 3] = [
        &["explore", "sliding", "--size", "3x3", "--json"],
        &[
            "explore",
            "sliding",
            "--size",
            "2x4",
            "--json",
            "--antipodes",
            "3",
        ],
        &["explore", "four", "--json", "--antipodes", "3"],
    ];
    for args in puzzles {
        let alone = json(&run(args, ""));
        let sparse = [args, &["--sparse"]].concat();
        let cases = [
            (args, 2, 1),
            (args, 2, 2),
            (args, 3, 1),
            (&sparse[..], 2, 2),
        ];
        // Four in a row is not reversible: dense only.
        let cases = if args[1] == "four" {
            &cases[..3]
        } else {
            &cases[..]
        };
        for &(args, processes, workers) in cases {
            let outputs = run_cluster(args, processes, workers);
            for (process, output) in outputs.iter().enumerate() {
                assert_eq!(
                    output.status.code(),
                    Some(0),
                    "{args:?} process {process}: {}",
                    stderr(output)
                );
            }
            assert_eq!(
                json(&outputs[0]),
                alone,
                "{args:?}, {processes} × {workers}"
            );
            for output in &outputs[1..] {
                assert_eq!(stdout(output), "", "{args:?}: only process 0 prints");
            }
        }
    }
}

#[test]
fn workers_in_one_process_find_the_same_layers() {
    let args = ["explore", "sliding", "--size", "3x3", "--json"];
    let alone = json(&run(&args, ""));
    let workers = run(&[&args[..], &["--workers", "3"]].concat(), "");
    assert_eq!(json(&workers), alone);
    // With --stats, the bytes each layer's children took between workers: none for the goal.
    let stats = json(&run(
        &[&args[..], &["--workers", "3", "--stats"]].concat(),
        "",
    ));
    let exchanged = stats["exchanged"].as_array().unwrap();
    assert_eq!(exchanged.len(), 32);
    assert_eq!(exchanged[0], 0);
    let total: u64 = exchanged.iter().map(|bytes| bytes.as_u64().unwrap()).sum();
    // Eight bytes a child, fewer children than four per board, not all of them sent.
    assert!(total > 0 && total < 181_440 * 4 * 8, "{total}");
}

#[test]
fn a_cluster_that_cannot_be_is_one_line_and_exit_code_2() {
    let hostfile = std::env::temp_dir().join(format!("statespace-one-host-{}", std::process::id()));
    std::fs::write(&hostfile, "127.0.0.1:1\n").unwrap();
    let base = ["explore", "sliding", "--size", "2x3"];
    for (extra, message) in [
        (
            &["--processes", "2", "--process", "2"][..],
            "statespace: --process 2 is not one of the 2 processes (0 to 1)\n",
        ),
        (
            &["--workers", "0"],
            "statespace: --workers 0: from 1 to 256, please\n",
        ),
        (
            &["--workers", "1000"],
            "statespace: --workers 1000: from 1 to 256, please\n",
        ),
        (
            &["--processes", "100000"],
            "statespace: --processes 100000: from 1 to 1024, please\n",
        ),
        (
            &["--processes", "2", "--peer-timeout", "0"],
            "statespace: --peer-timeout 0: more than 0 and at most 86400 seconds, please\n",
        ),
        (
            &["--processes", "2", "--hostfile", hostfile.to_str().unwrap()],
            &format!(
                "statespace: {} lists 1 address for 2 processes\n",
                hostfile.display()
            ),
        ),
    ] {
        let output = run(&[&base[..], extra].concat(), "");
        assert_eq!(output.status.code(), Some(2), "{extra:?}");
        assert_eq!(stderr(&output), message, "{extra:?}");
    }
    let four = run(&["explore", "four", "--sparse", "--workers", "2"], "");
    assert_eq!(four.status.code(), Some(2));
    assert!(
        stderr(&four).contains("not reversible"),
        "{}",
        stderr(&four)
    );
    std::fs::remove_file(&hostfile).unwrap();
}

#[test]
fn a_lost_process_stops_the_others_with_its_name_and_the_run_resumes() {
    let dir = std::env::temp_dir().join(format!("statespace-lost-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let hostfile = dir.join("hosts");
    let checkpoint = dir.join("checkpoint");
    let args = [
        "explore",
        "sliding",
        "--size",
        "4x3",
        "--json",
        "--antipodes",
        "3",
    ];
    let start = |process: &str| {
        let cluster = [
            "--processes",
            "2",
            "--process",
            process,
            "--hostfile",
            hostfile.to_str().unwrap(),
            "--checkpoint",
            checkpoint.to_str().unwrap(),
        ];
        spawn(&[&args[..], &cluster[..]].concat())
    };
    write_hostfile(&hostfile, 2);
    let (first, mut second) = (start("0"), start("1"));
    std::thread::sleep(Duration::from_secs(3));
    second.kill().unwrap();
    second.wait().unwrap();
    let killed = Instant::now();
    let output = first.wait_with_output().unwrap();
    assert!(
        killed.elapsed() < Duration::from_secs(10),
        "{:?}",
        killed.elapsed()
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("statespace: lost process 1 of the dataflow"),
        "{}",
        stderr(&output)
    );
    // Started again (on new ports: the old ones may linger), from the layers both saved.
    write_hostfile(&hostfile, 2);
    let (first, second) = (start("0"), start("1"));
    let resumed = first.wait_with_output().unwrap();
    assert_eq!(second.wait_with_output().unwrap().status.code(), Some(0));
    assert_eq!(resumed.status.code(), Some(0), "{}", stderr(&resumed));
    let object = json(&resumed);
    assert_eq!(object["total"], 239_500_800u64);
    assert_eq!(object["max_depth"], 53);
    let alone = json(&run(&args, ""));
    assert_eq!(object, alone);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Waits for `child` to end, at most `limit`: a process that would hang fails the test.
fn end_within(mut child: Child, limit: Duration) -> Output {
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            child.kill().unwrap();
            panic!(
                "still running after {limit:?}: {:?}",
                child.wait_with_output()
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Starts process `process` of `processes` with `args` and the hostfile `hosts`, reporting
/// peers silent for `patience` seconds.
fn start(
    args: &[&str],
    (process, processes): (usize, usize),
    hosts: &Path,
    patience: &str,
) -> Child {
    let (process, processes) = (process.to_string(), processes.to_string());
    let cluster = [
        "--processes",
        &processes,
        "--process",
        &process,
        "--hostfile",
        hosts.to_str().unwrap(),
        "--peer-timeout",
        patience,
    ];
    spawn(&[args, &cluster[..]].concat())
}

#[test]
fn processes_started_differently_all_stop_naming_the_option() {
    let hosts = std::env::temp_dir().join(format!("statespace-differ-{}", std::process::id()));
    let eight = ["explore", "eight", "--workers", "1"];
    let sliding = ["explore", "sliding", "--size", "3x3", "--workers", "1"];
    let with = |base: &[&'static str], more: &[&'static str]| [base, more].concat();
    let cases: [(Vec<&str>, Vec<&str>, &str); 5] = [
        (
            with(&eight, &["--max-depth", "5"]),
            with(&eight, &[]),
            "process 1 was started with no --max-depth, process 0 with --max-depth 5",
        ),
        (
            with(&sliding, &[]),
            with(&sliding, &["--goal", "blank-first"]),
            "process 1 was started with --goal blank-first, process 0 with no --goal",
        ),
        (
            with(&eight, &[]),
            vec!["explore", "sliding", "--size", "3x4", "--workers", "1"],
            "process 1 was started with puzzle sliding, process 0 with puzzle eight",
        ),
        (
            with(&eight, &[]),
            vec!["explore", "eight", "--workers", "2"],
            "process 1 was started with --workers 2, process 0 with --workers 1",
        ),
        (
            with(&eight, &[]),
            with(&eight, &["--sparse"]),
            "process 1 was started with --sparse, process 0 with no --sparse",
        ),
    ];
    let cases = cases
        .into_iter()
        .map(|(first, second, line)| (first, second, 2, line));
    let processes = (
        eight.to_vec(),
        eight.to_vec(),
        3,
        "process 1 was started with --processes 2, process 0 with --processes 3",
    );
    for (first, second, processes, line) in cases.chain([processes]) {
        write_hostfile(&hosts, 3);
        let children = [
            start(&first, (0, processes), &hosts, "20"),
            start(&second, (1, 2), &hosts, "20"),
        ];
        for (process, child) in children.into_iter().enumerate() {
            let output = end_within(child, Duration::from_secs(30));
            assert_eq!(output.status.code(), Some(2), "{first:?} / {second:?}");
            assert_eq!(stdout(&output), "", "{first:?} / {second:?}");
            assert_eq!(
                stderr(&output),
                format!("statespace: {line}: start every process with the same options\n"),
                "process {process} of {first:?} / {second:?}"
            );
        }
    }
    std::fs::remove_file(&hosts).unwrap();
}

#[test]
fn a_process_that_never_comes_is_reported_after_the_peer_timeout() {
    let hosts = std::env::temp_dir().join(format!("statespace-alone-{}", std::process::id()));
    write_hostfile(&hosts, 2);
    let started = Instant::now();
    let alone = start(&["explore", "eight"], (0, 2), &hosts, "1");
    let output = end_within(alone, Duration::from_secs(20));
    assert!(started.elapsed() >= Duration::from_secs(1));
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let address = std::fs::read_to_string(&hosts).unwrap();
    let address = address.lines().nth(1).unwrap();
    assert_eq!(
        stderr(&output),
        format!(
            "statespace: the cluster failed: process 1 at {address} did not connect within 1 s\n"
        )
    );
    std::fs::remove_file(&hosts).unwrap();
}

#[test]
fn a_stopped_process_is_reported_after_the_peer_timeout() {
    let hosts = std::env::temp_dir().join(format!("statespace-stopped-{}", std::process::id()));
    write_hostfile(&hosts, 2);
    // 4x3 takes seconds: long enough to be stopped in the middle.
    let args = ["explore", "sliding", "--size", "4x3", "--workers", "1"];
    let mut first = start(&args, (0, 2), &hosts, "2");
    let mut second = start(&args, (1, 2), &hosts, "2");
    let mut progress = BufReader::new(first.stderr.take().unwrap()).lines();
    let mut seen = Vec::new();
    for line in progress.by_ref() {
        let line = line.unwrap();
        seen.push(line.clone());
        if line.starts_with("layer 5:") {
            break;
        }
    }
    let stopped = Command::new("kill")
        .args(["-STOP", &second.id().to_string()])
        .status()
        .unwrap();
    assert!(stopped.success());
    let when = Instant::now();
    let rest = std::thread::spawn(move || progress.map(Result::unwrap).collect::<Vec<_>>());
    let output = end_within(first, Duration::from_secs(30));
    let waited = when.elapsed();
    let rest = rest.join().unwrap();
    second.kill().unwrap();
    second.wait().unwrap();
    assert!(
        waited < Duration::from_secs(10),
        "{waited:?}, {seen:?}, {rest:?}"
    );
    assert_eq!(output.status.code(), Some(1), "{rest:?}");
    assert_eq!(
        rest.last().map(String::as_str),
        Some(
            "statespace: process 1 has sent nothing for 2 s (stopped, or its machine \
             unreachable): the dataflow stops"
        ),
        "{rest:?}"
    );
    assert_eq!(stdout(&output), "");
    std::fs::remove_file(&hosts).unwrap();
}
