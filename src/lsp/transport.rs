//! Messages over standard input and output, framed by `Content-Length`
//! headers. lsp-server's own stdio transport stops reading at the first
//! malformed message. An editor's server must answer it and go on. So the
//! reading is here, with lsp-server's message types.
//!
//! A body that is not JSON is answered with `ParseError`. JSON that is not
//! a message is answered with `InvalidRequest`. Both carry the request's id
//! where one can be read, else `null`. Every message is written whole under
//! the lock of standard output. So the reader's answers and the server's
//! never interleave.

use std::io::{self, BufRead, Write};
use std::sync::mpsc::Sender;

use lsp_server::{ErrorCode, Message, RequestId};
use serde_json::{Value, json};

/// Reads messages from `input` and sends them on `messages`. It stops when
/// the input ends or fails, or when the server stops listening. It answers
/// malformed messages on standard output itself.
pub(super) fn read(input: &mut impl BufRead, messages: &Sender<Message>) {
    loop {
        let body = match frame(input) {
            Ok(Some(Ok(body))) => body,
            Ok(Some(Err(problem))) => {
                refuse(&Value::Null, ErrorCode::ParseError, &problem);
                continue;
            }
            Ok(None) | Err(_) => return,
        };
        let value = match serde_json::from_slice::<Value>(&body) {
            Ok(value) => value,
            Err(error) => {
                refuse(
                    &Value::Null,
                    ErrorCode::ParseError,
                    &format!("not JSON: {error}"),
                );
                continue;
            }
        };
        let id = value.get("id").cloned().unwrap_or(Value::Null);
        match serde_json::from_value::<Message>(value) {
            Ok(message) => {
                if messages.send(message).is_err() {
                    return;
                }
            }
            Err(error) => refuse(
                &id,
                ErrorCode::InvalidRequest,
                &format!("not a request, a response or a notification: {error}"),
            ),
        }
    }
}

/// The next message's body, or what is wrong with its headers; `None` at
/// the end of the input. The headers run to the first empty line, whatever
/// they hold. So a broken header costs its own message only.
fn frame(input: &mut impl BufRead) -> io::Result<Option<Result<Vec<u8>, String>>> {
    let mut length = None;
    let mut problem = None;
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let header = line.trim_end_matches(['\r', '\n']);
        if header.is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':')
            && name.trim().eq_ignore_ascii_case("content-length")
        {
            match value.trim().parse::<usize>() {
                Ok(value) => length = Some(value),
                Err(_) => problem = Some(format!("bad Content-Length header: {header:?}")),
            }
        }
    }
    let Some(length) = length else {
        return Ok(Some(Err(problem.unwrap_or_else(|| {
            "a message without a Content-Length header".to_owned()
        }))));
    };
    let mut body = vec![0; length];
    input.read_exact(&mut body)?;
    Ok(Some(Ok(body)))
}

/// What the server sends: a message, or a reply whose result is JSON
/// already written. A large result is serialised once, from its own types.
/// Examples are the outline or the tokens of a long document. It is not
/// first built again as a tree of JSON values.
pub(super) enum Outgoing {
    Message(Message),
    Reply { id: RequestId, result: String },
}

impl From<Message> for Outgoing {
    fn from(message: Message) -> Self {
        Outgoing::Message(message)
    }
}

/// Writes `outgoing` to standard output.
pub(super) fn write(outgoing: &Outgoing) -> io::Result<()> {
    match outgoing {
        Outgoing::Message(message) => message.write(&mut io::stdout().lock()),
        Outgoing::Reply { id, result } => {
            let id = serde_json::to_string(id)?;
            let body = format!("{{\"jsonrpc\":\"2.0\",\"id\":{id},\"result\":{result}}}");
            let mut out = io::stdout().lock();
            write!(out, "Content-Length: {}\r\n\r\n{body}", body.len())?;
            out.flush()
        }
    }
}

/// Answers a message that could not be read with an error `code`.
fn refuse(id: &Value, code: ErrorCode, problem: &str) {
    let reply = json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": { "code": code as i32, "message": problem },
    })
    .to_string();
    let mut out = io::stdout().lock();
    // A client that stopped reading will see the input end too.
    let _ =
        write!(out, "Content-Length: {}\r\n\r\n{reply}", reply.len()).and_then(|()| out.flush());
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use super::frame;

    fn frames(input: &str) -> Vec<Result<String, String>> {
        let mut input = Cursor::new(input.as_bytes().to_vec());
        std::iter::from_fn(|| frame(&mut input).unwrap())
            .map(|body| body.map(|body| String::from_utf8(body).unwrap()))
            .collect()
    }

    #[test]
    fn bodies_are_read_by_their_length() {
        assert_eq!(
            frames("Content-Length: 2\r\n\r\n{}Content-Length: 4\r\nX-Other: y\r\n\r\nnull"),
            [Ok("{}".to_owned()), Ok("null".to_owned())]
        );
    }

    #[test]
    fn a_broken_header_costs_its_own_message_only() {
        let read = frames("Content-Length: two\r\n\r\nhello\r\n\r\nContent-Length: 2\r\n\r\n{}");
        assert_eq!(read.len(), 3);
        assert!(read[0].as_ref().unwrap_err().contains("Content-Length"));
        // The stray body is read as headers without a length.
        assert!(read[1].is_err());
        assert_eq!(read[2], Ok("{}".to_owned()));
    }
}
