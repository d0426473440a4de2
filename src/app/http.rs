//! The HTTP transport of the arena (`ewn gui`) and the live page (`ewn match --live`): HTTP/1.1
//! by `hyper` on a one-thread `tokio` runtime, with limits that no client can get around.
//!
//! - **Bounded before anything is allocated**: a request's head (request line and headers) is
//!   read into a buffer of at most [`Limits::max_head`] bytes (more is refused with 431); a body
//!   is read only when the site asks for it, and only up to [`Limits::max_body`] bytes, whatever
//!   length the client declares.
//! - **A deadline for every request**: the head must arrive within [`Limits::head_timeout`] of
//!   the moment the connection waits for it (so an idle keep-alive connection is closed after that
//!   time too), the body within [`Limits::body_timeout`], and a write that makes no progress for
//!   [`Limits::write_timeout`] (a client that does not read its answers) ends the connection.
//! - **A cap on connections** ([`Limits::max_connections`], and never more than a quarter of the
//!   process's file descriptors, which the runner needs for its engines): a connection accepted
//!   beyond it closes the one that has been quiet longest, so that idle connections cannot lock
//!   anyone out, and a failed `accept` (no descriptors left) is waited out, never fatal.
//! - **Concurrent**: every connection is a task of its own, and a site's work that may wait (a
//!   lock, the game's state) runs on the runtime's blocking threads, so a stalled or non-reading
//!   client keeps nobody else waiting.
//!
//! A site says in two steps what a request gets: [`Site::head`] looks at the method, path and
//! headers only, on the runtime (it must not block), and either answers at once or asks for the
//! body; [`Site::answer`] then runs on a blocking thread.

use std::collections::HashMap;
use std::convert::Infallible;
use std::io;
use std::net::TcpListener;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::header::{CONNECTION, CONTENT_LENGTH, CONTENT_TYPE, HeaderName, HeaderValue};
use hyper::{HeaderMap, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::oneshot;
use tokio::time::Sleep;

/// What a server accepts. [`Limits::default`] is what both servers use unless they say otherwise.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Connections open at once (further capped by the process's descriptor limit).
    pub max_connections: usize,
    /// Bytes of a request's head: request line and headers.
    pub max_head: usize,
    /// Bytes of a request's body.
    pub max_body: usize,
    /// A body the site refuses without reading is still read and dropped up to this many bytes
    /// (so that a client that sends it before reading gets the answer); a longer one closes the
    /// connection after the answer.
    pub drain: usize,
    /// From the moment a connection waits for a request to its last header.
    pub head_timeout: Duration,
    /// From the head to the body's last byte.
    pub body_timeout: Duration,
    /// A write that makes no progress for this long ends the connection.
    pub write_timeout: Duration,
    /// Threads that run [`Site::answer`] at once.
    pub blocking_threads: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 64,
            max_head: 64 << 10,
            max_body: 1 << 20,
            drain: 4 << 20,
            head_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            write_timeout: Duration::from_secs(10),
            blocking_threads: 8,
        }
    }
}

/// A request's method, target and headers.
pub struct Head {
    /// As sent (`GET`, `POST`, ...).
    pub method: String,
    /// The path, without the query.
    pub path: String,
    /// The path and query as sent, for logs.
    pub target: String,
    pub headers: HeaderMap,
}

impl Head {
    /// The value of header `name` (the first, if repeated: `Host` and `Origin` never are, a
    /// request with two of either is refused before a site sees it), when it is text.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// The body's declared length, when it declares one.
    pub fn content_length(&self) -> Option<u64> {
        self.header(CONTENT_LENGTH.as_str())
            .and_then(|v| v.trim().parse().ok())
    }
}

/// An answer: always with a `Content-Length` (never chunked), `Cache-Control: no-store` and
/// `X-Content-Type-Options: nosniff`.
pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Bytes,
    /// Further headers.
    pub headers: Vec<(&'static str, String)>,
}

impl Reply {
    pub fn new(status: u16, content_type: &'static str, body: impl Into<Bytes>) -> Reply {
        Reply {
            status,
            content_type,
            body: body.into(),
            headers: Vec::new(),
        }
    }

    pub fn with_header(mut self, name: &'static str, value: &str) -> Reply {
        self.headers.push((name, value.to_string()));
        self
    }
}

/// What [`Site::head`] decides.
pub enum Step {
    /// This answer, without reading the body.
    Reply(Reply),
    /// Read the body (at most [`Limits::max_body`] bytes), then ask [`Site::answer`].
    Body,
    /// Ask [`Site::answer`] with an empty body; the body, if any, is not read.
    NoBody,
}

/// One server's pages and API.
pub trait Site: Send + Sync + 'static {
    /// Decides from the head alone; runs on the runtime's thread, so it must not block.
    fn head(&self, rq: &Head) -> Step;
    /// Answers a request that [`Site::head`] let through; may block (a lock, a file).
    fn answer(&self, rq: &Head, body: &[u8]) -> Reply;
    /// The transport's own refusals (a body too long or too slow, a failed answer).
    fn error(&self, status: u16, msg: &str) -> Reply {
        Reply::new(status, "text/plain; charset=utf-8", format!("{msg}\n"))
    }
}

/// The connection cap for `wanted`: at most a quarter of the process's descriptor limit (at
/// least 8), so that connections can never take the descriptors the rest of the program needs.
pub fn connection_cap(wanted: usize) -> usize {
    #[cfg(unix)]
    {
        use nix::sys::resource::{RLIM_INFINITY, Resource, getrlimit};
        if let Ok((soft, _)) = getrlimit(Resource::RLIMIT_NOFILE)
            && soft != RLIM_INFINITY
        {
            let quarter = usize::try_from(soft / 4).unwrap_or(usize::MAX);
            return wanted.min(quarter.max(8));
        }
    }
    wanted
}

/// What stops a server before it serves: each step of setting it up, with the system's error.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("starting the {name} runtime: {error}")]
    Runtime { name: String, error: io::Error },
    #[error("setting the listening socket non-blocking: {0}")]
    NonBlocking(io::Error),
    #[error("registering the listener: {0}")]
    Register(io::Error),
}

/// A one-thread runtime for a server, with `limits.blocking_threads` threads for answers.
pub fn runtime(limits: &Limits, name: &str) -> Result<tokio::runtime::Runtime, ServeError> {
    tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .max_blocking_threads(limits.blocking_threads.max(1))
        .thread_name(name)
        .build()
        .map_err(|error| ServeError::Runtime {
            name: name.to_string(),
            error,
        })
}

/// Serves `site` on `listener` on `rt` until the process ends.
pub fn serve(
    rt: &tokio::runtime::Runtime,
    listener: TcpListener,
    limits: Limits,
    site: Arc<dyn Site>,
) -> Result<(), ServeError> {
    listener
        .set_nonblocking(true)
        .map_err(ServeError::NonBlocking)?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener).map_err(ServeError::Register)?;
        accept_loop(listener, limits, site).await;
        Ok(())
    })
}

/// An open connection as the registry sees it: when it last read or wrote (milliseconds since
/// the registry's epoch) and how to close it.
type Slot = (Arc<AtomicU64>, oneshot::Sender<()>);

/// The open connections, by number.
struct Registry {
    epoch: Instant,
    open: Mutex<HashMap<u64, Slot>>,
}

impl Registry {
    fn now_ms(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// Closes the connection quiet for longest while `cap` or more are open.
    fn make_room(&self, cap: usize) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        while open.len() >= cap {
            let Some(id) = open
                .iter()
                .min_by_key(|(_, (last, _))| last.load(Ordering::Relaxed))
                .map(|(id, _)| *id)
            else {
                break;
            };
            if let Some((_, close)) = open.remove(&id) {
                log::debug!("connection cap reached: closing the quietest connection");
                let _ = close.send(());
            }
        }
    }
}

async fn accept_loop(listener: tokio::net::TcpListener, limits: Limits, site: Arc<dyn Site>) {
    let limits = Arc::new(limits);
    let cap = connection_cap(limits.max_connections).max(1);
    let registry = Arc::new(Registry {
        epoch: Instant::now(),
        open: Mutex::new(HashMap::new()),
    });
    let mut next_id = 0u64;
    let mut warned = false;
    loop {
        let stream = match listener.accept().await {
            Ok((s, _)) => s,
            Err(e) => {
                // No descriptor left (or the client gave up first): wait and go on listening.
                if !warned {
                    log::warn!("accepting a connection: {e}; waiting");
                    warned = true;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        registry.make_room(cap);
        next_id += 1;
        let id = next_id;
        let last = Arc::new(AtomicU64::new(registry.now_ms()));
        let (close_tx, close_rx) = oneshot::channel();
        registry
            .open
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, (last.clone(), close_tx));
        let io = Timed {
            inner: stream,
            write_timeout: limits.write_timeout,
            write_sleep: None,
            last,
            registry: registry.clone(),
        };
        tokio::spawn(connection(
            io,
            id,
            close_rx,
            registry.clone(),
            limits.clone(),
            site.clone(),
        ));
    }
}

async fn connection(
    io: Timed,
    id: u64,
    close: oneshot::Receiver<()>,
    registry: Arc<Registry>,
    limits: Arc<Limits>,
    site: Arc<dyn Site>,
) {
    let svc_limits = limits.clone();
    let service = hyper::service::service_fn(move |rq| {
        let site = site.clone();
        let limits = svc_limits.clone();
        async move { Ok::<_, Infallible>(handle(rq, &limits, site).await) }
    });
    let conn = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.head_timeout)
        .max_buf_size(limits.max_head.max(8192))
        .max_header_size(limits.max_head)
        .serve_connection(TokioIo::new(io), service);
    tokio::select! {
        r = conn => if let Err(e) = r {
            log::debug!("connection ended: {e}");
        },
        _ = close => {}
    }
    registry
        .open
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .remove(&id);
}

async fn handle(
    rq: hyper::Request<Incoming>,
    limits: &Limits,
    site: Arc<dyn Site>,
) -> hyper::Response<Full<Bytes>> {
    let (parts, mut body) = rq.into_parts();
    let target = parts
        .uri
        .path_and_query()
        .map(|p| p.as_str().to_string())
        .unwrap_or_else(|| parts.uri.path().to_string());
    let head = Head {
        method: parts.method.as_str().to_string(),
        path: parts.uri.path().to_string(),
        target,
        headers: parts.headers,
    };
    log::debug!("{} {}", head.method, head.target);
    // A header the sites check must be unambiguous: with two `Host` (or `Origin`) headers a
    // check of the first would let the second through (RFC 9110 asks for 400).
    if let Some(name) = repeated(&head.headers, &["Host", "Origin"]) {
        drain(&head, &mut body, limits).await;
        return closing(site.error(400, &format!("the request has more than one {name} header")));
    }
    let body = match site.head(&head) {
        Step::Reply(reply) => {
            let drained = drain(&head, &mut body, limits).await;
            let mut resp = response(reply);
            if !drained {
                resp.headers_mut()
                    .insert(CONNECTION, HeaderValue::from_static("close"));
            }
            return resp;
        }
        Step::NoBody => Vec::new(),
        Step::Body => {
            let limited = Limited::new(body, limits.max_body);
            match tokio::time::timeout(limits.body_timeout, limited.collect()).await {
                Ok(Ok(b)) => b.to_bytes().to_vec(),
                Ok(Err(e)) => {
                    let (code, msg) = if e.is::<http_body_util::LengthLimitError>() {
                        (413, format!("request body over {} bytes", limits.max_body))
                    } else {
                        (400, "the request body could not be read".to_string())
                    };
                    return closing(site.error(code, &msg));
                }
                Err(_) => {
                    return closing(site.error(
                        408,
                        &format!(
                            "the request body did not arrive within {} s",
                            limits.body_timeout.as_secs()
                        ),
                    ));
                }
            }
        }
    };
    let job_site = site.clone();
    match tokio::task::spawn_blocking(move || job_site.answer(&head, &body)).await {
        Ok(reply) => response(reply),
        Err(e) => {
            log::error!("a request handler failed ({e}); the server goes on");
            closing(site.error(500, "the server failed to answer this request"))
        }
    }
}

/// Reads and drops the body of a request answered without it, up to `limits.drain` bytes
/// and within the body's deadline. True when the body was read to its end.
async fn drain(head: &Head, body: &mut Incoming, limits: &Limits) -> bool {
    use hyper::body::Body;
    if body.is_end_stream() {
        return true;
    }
    if head
        .content_length()
        .is_some_and(|n| n > limits.drain as u64)
    {
        return false;
    }
    let mut left = limits.drain;
    let read = async {
        while let Some(frame) = body.frame().await {
            let Ok(frame) = frame else { return false };
            if let Some(data) = frame.data_ref() {
                if data.len() > left {
                    return false;
                }
                left -= data.len();
            }
        }
        true
    };
    tokio::time::timeout(limits.body_timeout, read)
        .await
        .unwrap_or(false)
}

/// The first of `names` that `headers` carries more than once.
fn repeated<'a>(headers: &HeaderMap, names: &[&'a str]) -> Option<&'a str> {
    names
        .iter()
        .copied()
        .find(|n| headers.get_all(*n).iter().nth(1).is_some())
}

fn closing(reply: Reply) -> hyper::Response<Full<Bytes>> {
    let mut resp = response(reply);
    resp.headers_mut()
        .insert(CONNECTION, HeaderValue::from_static("close"));
    resp
}

fn response(reply: Reply) -> hyper::Response<Full<Bytes>> {
    let len = reply.body.len();
    let mut resp = hyper::Response::new(Full::new(reply.body));
    *resp.status_mut() = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::OK);
    let h = resp.headers_mut();
    h.insert(CONTENT_TYPE, HeaderValue::from_static(reply.content_type));
    // Also for HEAD, which hyper answers without the body.
    h.insert(CONTENT_LENGTH, HeaderValue::from(len));
    h.insert(
        HeaderName::from_static("cache-control"),
        HeaderValue::from_static("no-store"),
    );
    h.insert(
        HeaderName::from_static("x-content-type-options"),
        HeaderValue::from_static("nosniff"),
    );
    for (name, value) in reply.headers {
        if let (Ok(n), Ok(v)) = (
            HeaderName::from_bytes(name.as_bytes()),
            HeaderValue::from_str(&value),
        ) {
            h.insert(n, v);
        }
    }
    resp
}

/// A connection's socket: notes when it last made progress (for the cap), and fails a write
/// that waits longer than `write_timeout` for the client to read.
struct Timed {
    inner: tokio::net::TcpStream,
    write_timeout: Duration,
    write_sleep: Option<Pin<Box<Sleep>>>,
    last: Arc<AtomicU64>,
    registry: Arc<Registry>,
}

impl Timed {
    fn touch(&self) {
        self.last.store(self.registry.now_ms(), Ordering::Relaxed);
    }

    /// After a write returned pending: fails once it has waited `write_timeout`.
    fn write_deadline(&mut self, cx: &mut Context<'_>) -> Poll<io::Error> {
        let timeout = self.write_timeout;
        let sleep = self
            .write_sleep
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
        match sleep.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client read nothing for too long",
            )),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncRead for Timed {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let r = Pin::new(&mut self.inner).poll_read(cx, buf);
        if matches!(r, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.touch();
        }
        r
    }
}

impl AsyncWrite for Timed {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        match Pin::new(&mut self.inner).poll_write(cx, data) {
            Poll::Pending => self.write_deadline(cx).map(Err),
            r => {
                self.write_sleep = None;
                if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
                    self.touch();
                }
                r
            }
        }
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        match Pin::new(&mut self.inner).poll_write_vectored(cx, bufs) {
            Poll::Pending => self.write_deadline(cx).map(Err),
            r => {
                self.write_sleep = None;
                if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
                    self.touch();
                }
                r
            }
        }
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}
