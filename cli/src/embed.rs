//! `tabletalk embed`: sentence vectors for the texts given, on the CPU or the GPU (`--device`).

use std::process::ExitCode;

use anyhow::Result;
use serde::Serialize;
use tabletalk_shared::embed::{Device, DeviceReport, Precision};

#[derive(Serialize)]
struct Output<'a> {
    model: &'a str,
    dim: usize,
    /// "cpu" or "gpu", plus the adapter, precision and any fallback reason.
    #[serde(flatten)]
    device: DeviceReport,
    vectors: Vec<&'a [f32]>,
}

pub fn run(texts: &[String], model: &str, json: bool, device: Device, precision: Precision) -> Result<ExitCode> {
    let embedder = crate::model::load_on(model, device, precision)?;
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let out = embedder.embed(&refs, 32, &mut |_| {})?;
    for &i in &out.truncated {
        eprintln!(
            "warning: text {} has {} tokens; the model reads the first {}",
            i + 1,
            embedder.token_count(&texts[i])?,
            embedder.settings().max_tokens
        );
    }
    // Read after embedding: a GPU that failed mid-run is reported as the CPU fallback it became.
    let report = embedder.device();
    if let Some(why) = &report.fallback {
        eprintln!("note: embedding on the CPU: {why}");
    }
    if json {
        let o = Output { model: embedder.name(), dim: out.dim, device: report, vectors: out.rows().collect() };
        println!("{}", serde_json::to_string(&o)?);
    } else {
        let detail = match (&report.adapter, report.precision) {
            (Some(a), Some(p)) if report.device == Device::Gpu => format!(" ({a}, {p})"),
            _ => String::new(),
        };
        println!("model {} · {} dimensions · device {}{detail}", embedder.name(), out.dim, report.device);
        for (text, v) in texts.iter().zip(out.rows()) {
            let head: Vec<String> = v.iter().take(6).map(|x| format!("{x:+.4}")).collect();
            let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
            println!("[{} …] norm {norm:.3}  {text}", head.join(", "));
        }
    }
    Ok(ExitCode::SUCCESS)
}
