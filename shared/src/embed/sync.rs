//! Waiting for a future without a runtime: a leaf the loader and the model use.

/// Runs a future to completion on this thread. Natively the GPU path's futures are ready once
/// wgpu's `poll` has waited (the read-back polls before it awaits), so no reactor is needed.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn block_on<F: std::future::Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(v) = future.as_mut().poll(&mut cx) {
            return v;
        }
        std::thread::yield_now();
    }
}
