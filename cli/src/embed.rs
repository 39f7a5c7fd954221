//! `tabletalk embed`: sentence vectors for the texts given.

use std::process::ExitCode;

use anyhow::Result;
use serde::Serialize;

#[derive(Serialize)]
struct Output<'a> {
    model: &'a str,
    dim: usize,
    vectors: Vec<&'a [f32]>,
}

pub fn run(texts: &[String], model: &str, json: bool) -> Result<ExitCode> {
    let embedder = crate::model::load(model)?;
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
    if json {
        let o = Output { model: embedder.name(), dim: out.dim, vectors: out.rows().collect() };
        println!("{}", serde_json::to_string(&o)?);
    } else {
        println!("model {} · {} dimensions", embedder.name(), out.dim);
        for (text, v) in texts.iter().zip(out.rows()) {
            let head: Vec<String> = v.iter().take(6).map(|x| format!("{x:+.4}")).collect();
            let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
            println!("[{} …] norm {norm:.3}  {text}", head.join(", "));
        }
    }
    Ok(ExitCode::SUCCESS)
}
