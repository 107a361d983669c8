use std::collections::HashMap;
use std::fmt;
use std::io::{self, BufRead};

/// A parsed log line.
#[derive(Debug, Clone, PartialEq)]
pub struct Line<'a> {
    level: Level,
    message: &'a str,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    Info,
    Warn,
    Error,
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Level::Info => "info",
            Level::Warn => "warn",
            Level::Error => "error",
        };
        write!(f, "{name}")
    }
}

fn parse(line: &str) -> Option<Line<'_>> {
    let (level, message) = line.split_once(": ")?;
    let level = match level.trim() {
        "INFO" => Level::Info,
        "WARN" => Level::Warn,
        "ERROR" => Level::Error,
        _ => return None,
    };
    Some(Line { level, message })
}

fn main() -> io::Result<()> {
    let mut counts: HashMap<Level, usize> = HashMap::new();
    for line in io::stdin().lock().lines() {
        let line = line?;
        if let Some(parsed) = parse(&line) {
            *counts.entry(parsed.level).or_insert(0) += 1;
        }
    }
    for (level, n) in &counts {
        println!("{level:>5}: {n}");
    }
    Ok(())
}
