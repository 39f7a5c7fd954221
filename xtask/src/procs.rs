//! Long-running children (trunk serve, wrangler dev) in their own process groups, so stopping one
//! stops everything it started (wrangler's workerd included), and HTTP readiness checks.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

pub struct Service {
    pub name: &'static str,
    child: Child,
}

impl Service {
    /// Starts `cmd` with stdin from /dev/null in a new process group.
    pub fn start(name: &'static str, cmd: &mut Command) -> Result<Self> {
        cmd.stdin(Stdio::null()).process_group(0);
        let child = cmd.spawn().with_context(|| format!("could not start {name}"))?;
        Ok(Self { name, child })
    }

    /// `Some(status text)` once the process has ended.
    pub fn exited(&mut self) -> Option<String> {
        self.child.try_wait().ok().flatten().map(|s| s.to_string())
    }

    /// SIGTERM to the group, SIGKILL after 10 s.
    pub fn stop(&mut self) {
        if self.exited().is_some() {
            return;
        }
        let group = format!("-{}", self.child.id());
        let _ = Command::new("kill").args(["-TERM", "--", &group]).status();
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if self.exited().is_some() {
                return;
            }
            sleep(Duration::from_millis(100));
        }
        let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
        let _ = self.child.wait();
    }
}

impl Drop for Service {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The HTTP status of `GET path` on 127.0.0.1:port, if anything answers.
pub fn http_status(port: u16, path: &str) -> Option<u16> {
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(2)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(10))).ok()?;
    write!(s, "GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n").ok()?;
    let mut head = [0u8; 12];
    s.read_exact(&mut head).ok()?;
    std::str::from_utf8(&head[9..12]).ok()?.parse().ok()
}

pub fn port_in_use(port: u16) -> bool {
    TcpStream::connect_timeout(&SocketAddr::from(([127, 0, 0, 1], port)), Duration::from_millis(500)).is_ok()
}

/// Waits until `GET path` answers 200, failing early if the service exits.
pub fn wait_ready(service: &mut Service, port: u16, path: &str, timeout: Duration) -> Result<()> {
    let deadline = Instant::now() + timeout;
    while Instant::now() < deadline {
        if let Some(status) = service.exited() {
            bail!("{} exited before it answered on port {port} ({status})", service.name);
        }
        if http_status(port, path) == Some(200) {
            return Ok(());
        }
        sleep(Duration::from_millis(500));
    }
    bail!("{} did not answer on http://127.0.0.1:{port}{path} within {timeout:?}", service.name)
}
