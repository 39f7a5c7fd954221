//! The bounded request queue and the one worker thread that owns the model.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Instant;

use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};

use crate::engine::{Engine, GenRequest, Interrupt, Observer, Outcome};

/// What the worker tells a request's handler.
#[derive(Debug)]
pub enum Event {
    Delta(String),
    Done(Outcome),
    Failed(String),
}

/// A queued generation and the channel its handler reads.
struct Job {
    request: GenRequest,
    deadline: Instant,
    events: UnboundedSender<Event>,
}

#[derive(Debug, thiserror::Error)]
pub enum QueueError {
    #[error("{waiting} requests are already waiting; retry in about {retry_after_secs} s")]
    Full { waiting: usize, retry_after_secs: u64 },
    #[error("the server is shutting down")]
    Closed,
}

struct State {
    waiting: VecDeque<Job>,
    /// Places held by requests being tokenised (`Ticket`s), counted against `capacity`.
    reserved: usize,
    closed: bool,
    /// Mean seconds per job (exponential average), for the Retry-After estimate.
    mean_job_secs: f64,
}

/// Requests waiting for the worker; `capacity` bounds how many wait (the running one excluded).
pub struct Queue {
    state: Mutex<State>,
    ready: Condvar,
    capacity: usize,
    shutting_down: AtomicBool,
    /// The worker is generating (set around each job), for `/health`.
    busy: AtomicBool,
}

impl Queue {
    pub fn new(capacity: usize) -> Arc<Self> {
        Arc::new(Self {
            state: Mutex::new(State { waiting: VecDeque::new(), reserved: 0, closed: false, mean_job_secs: 5.0 }),
            ready: Condvar::new(),
            capacity: capacity.max(1),
            shutting_down: AtomicBool::new(false),
            busy: AtomicBool::new(false),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // A poisoned lock only means a panic elsewhere; the queue's data stays consistent.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Enqueues a generation, or refuses it when `capacity` requests already wait.
    pub fn submit(&self, request: GenRequest, deadline: Instant) -> Result<UnboundedReceiver<Event>, QueueError> {
        let mut state = self.lock();
        self.admit(&mut state)?;
        Ok(self.push(&mut state, request, deadline))
    }

    /// Holds a place for a request before it is tokenised, so a full queue refuses it before
    /// any work (8 big prompts tokenised at once delayed `/health` to 1.3 s, issue 20).
    pub fn reserve(self: &Arc<Self>) -> Result<Ticket, QueueError> {
        let mut state = self.lock();
        self.admit(&mut state)?;
        state.reserved += 1;
        Ok(Ticket { queue: Arc::clone(self), held: true })
    }

    /// Refuses when closed or when `capacity` requests wait or hold a place.
    fn admit(&self, state: &mut State) -> Result<(), QueueError> {
        if state.closed {
            return Err(QueueError::Closed);
        }
        // Requests whose clients left no longer count against the limit.
        state.waiting.retain(|j| !j.events.is_closed());
        let waiting = state.waiting.len() + state.reserved;
        if waiting >= self.capacity {
            let retry_after_secs = (state.mean_job_secs * (waiting + 1) as f64).ceil().clamp(1.0, 120.0) as u64;
            return Err(QueueError::Full { waiting, retry_after_secs });
        }
        Ok(())
    }

    fn push(&self, state: &mut State, request: GenRequest, deadline: Instant) -> UnboundedReceiver<Event> {
        let (events, rx) = tokio::sync::mpsc::unbounded_channel();
        state.waiting.push_back(Job { request, deadline, events });
        self.ready.notify_one();
        rx
    }

    /// Refuses new requests, drops waiting ones and interrupts the running one.
    pub fn close(&self) {
        self.shutting_down.store(true, Ordering::SeqCst);
        let mut state = self.lock();
        state.closed = true;
        for job in state.waiting.drain(..) {
            let _ = job.events.send(Event::Done(Outcome::Interrupted(Interrupt::ShuttingDown)));
        }
        self.ready.notify_all();
    }

    /// Whether a generation is running, and how many requests wait (clients that left excluded).
    pub fn load(&self) -> (bool, usize) {
        let state = self.lock();
        (self.busy.load(Ordering::SeqCst), state.waiting.iter().filter(|j| !j.events.is_closed()).count() + state.reserved)
    }

    fn next_job(&self) -> Option<Job> {
        let mut state = self.lock();
        loop {
            if state.closed {
                return None;
            }
            if let Some(job) = state.waiting.pop_front() {
                return Some(job);
            }
            state = self.ready.wait(state).unwrap_or_else(|e| e.into_inner());
        }
    }

    fn record_duration(&self, secs: f64) {
        let mut state = self.lock();
        state.mean_job_secs = 0.7 * state.mean_job_secs + 0.3 * secs;
    }
}

/// A place in the queue, held while its request is rendered and tokenised; `submit` turns it
/// into a waiting job, dropping it gives the place back.
pub struct Ticket {
    queue: Arc<Queue>,
    held: bool,
}

impl Ticket {
    /// Queues the prepared generation in the place this ticket holds.
    pub fn submit(mut self, request: GenRequest, deadline: Instant) -> Result<UnboundedReceiver<Event>, QueueError> {
        let queue = Arc::clone(&self.queue);
        let mut state = queue.lock();
        state.reserved = state.reserved.saturating_sub(1);
        self.held = false;
        if state.closed {
            return Err(QueueError::Closed);
        }
        Ok(queue.push(&mut state, request, deadline))
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        if self.held {
            let mut state = self.queue.lock();
            state.reserved = state.reserved.saturating_sub(1);
        }
    }
}

/// Forwards text to the handler and stops when the client left, time ran out or the server stops.
struct JobObserver<'a> {
    job: &'a Job,
    queue: &'a Queue,
}

impl Observer for JobObserver<'_> {
    fn delta(&mut self, text: &str) {
        let _ = self.job.events.send(Event::Delta(text.to_string()));
    }

    fn interrupt(&mut self) -> Option<Interrupt> {
        if self.job.events.is_closed() {
            Some(Interrupt::Cancelled)
        } else if self.queue.shutting_down.load(Ordering::Relaxed) {
            Some(Interrupt::ShuttingDown)
        } else if Instant::now() >= self.job.deadline {
            Some(Interrupt::TimedOut)
        } else {
            None
        }
    }
}

/// Starts the worker thread; it runs jobs one at a time until the queue is closed.
pub fn spawn_worker(mut engine: Engine, queue: Arc<Queue>) -> std::io::Result<std::thread::JoinHandle<()>> {
    std::thread::Builder::new().name("generate".into()).spawn(move || {
        while let Some(job) = queue.next_job() {
            let mut observer = JobObserver { job: &job, queue: &queue };
            if let Some(why) = observer.interrupt() {
                let _ = job.events.send(Event::Done(Outcome::Interrupted(why)));
                continue;
            }
            let started = Instant::now();
            queue.busy.store(true, Ordering::SeqCst);
            let event = match engine.generate(&job.request, &mut observer) {
                Ok(outcome) => Event::Done(outcome),
                Err(e) => Event::Failed(e.to_string()),
            };
            queue.busy.store(false, Ordering::SeqCst);
            let _ = job.events.send(event);
            queue.record_duration(started.elapsed().as_secs_f64());
        }
    })
}
