//! `tabletalk inspect`: the schema of every table, as text or as the stable JSON report.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use tabletalk_shared::report::{inspect, ColumnReport};

pub fn run(files: &[PathBuf], json: bool) -> Result<ExitCode> {
    let upload = crate::files::load_paths(files, None)?;
    let report = inspect(&upload);
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        for t in &report.tables {
            let turned = if t.transposed { ", transposed" } else { "" };
            println!("{} ({}): {} rows{turned}", t.name, t.file, t.rows);
            if let Some(c) = &t.caption {
                println!("  caption: {c}");
            }
            println!("  {:<32} {:<10} {:>4} {:>9} {:>8}  examples", "column", "type", "cat", "distinct", "missing");
            for c in &t.columns {
                print_column(c, 1);
            }
            println!();
        }
        for j in &report.joins {
            println!("join: {j}");
        }
    }
    for w in &report.warnings {
        eprintln!("warning: {w}");
    }
    for e in &report.errors {
        eprintln!("error: {e}");
    }
    Ok(if report.errors.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

fn print_column(c: &ColumnReport, depth: usize) {
    let indent = "  ".repeat(depth);
    let ty = match &c.nested {
        Some(n) => n.clone(),
        None => c.ty.as_str().to_string(),
    };
    let samples: Vec<String> = c.samples.iter().map(|s| s.chars().take(24).collect()).collect();
    let name: String = c.name.chars().take(32).collect();
    println!(
        "{indent}{name:<32} {ty:<10} {:>4} {:>9} {:>8}  {}",
        if c.categorical { "yes" } else { "" },
        c.distinct,
        c.missing,
        samples.join(" | ")
    );
    for f in &c.fields {
        print_column(f, depth + 1);
    }
}
