//! The chat template (Jinja, from GGUF `tokenizer.chat_template`) that turns messages into a prompt.

use minijinja::{context, Environment, ErrorKind};
use serde::Serialize;

/// Used when the GGUF carries no template: ChatML, the format of SmolLM2 and Qwen.
pub const CHATML: &str = "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + \
    message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}{% if add_generation_prompt %}\
    {{ '<|im_start|>assistant\\n' }}{% endif %}";

const NAME: &str = "chat";

#[derive(Debug, thiserror::Error)]
pub enum TemplateError {
    #[error("the model's chat template does not parse: {0}")]
    Invalid(String),
    /// The template refused the conversation (`raise_exception`, e.g. roles not alternating).
    #[error("the chat template rejected the messages: {0}")]
    Rejected(String),
}

/// One message as the template sees it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Message {
    pub role: String,
    pub content: String,
}

pub struct ChatTemplate {
    env: Environment<'static>,
    bos_token: String,
    eos_token: String,
}

/// Templates written for Hugging Face call this to refuse input; it becomes a 400, not a crash.
fn raise_exception(message: String) -> Result<String, minijinja::Error> {
    Err(minijinja::Error::new(ErrorKind::InvalidOperation, message))
}

impl ChatTemplate {
    /// `source` is the Jinja text; HF renders with trim_blocks and lstrip_blocks, so do we.
    pub fn new(source: &str, bos_token: &str, eos_token: &str) -> Result<Self, TemplateError> {
        let mut env = Environment::new();
        env.set_trim_blocks(true);
        env.set_lstrip_blocks(true);
        env.set_unknown_method_callback(minijinja_contrib::pycompat::unknown_method_callback);
        env.add_function("raise_exception", raise_exception);
        env.add_template_owned(NAME, source.to_string()).map_err(|e| TemplateError::Invalid(e.to_string()))?;
        Ok(Self { env, bos_token: bos_token.to_string(), eos_token: eos_token.to_string() })
    }

    /// The prompt text for `messages`, ending with the assistant turn's opening.
    pub fn render(&self, messages: &[Message]) -> Result<String, TemplateError> {
        let tmpl = self.env.get_template(NAME).map_err(|e| TemplateError::Invalid(e.to_string()))?;
        tmpl.render(context! {
            messages => messages,
            add_generation_prompt => true,
            bos_token => &self.bos_token,
            eos_token => &self.eos_token,
        })
        .map_err(|e| TemplateError::Rejected(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msgs(pairs: &[(&str, &str)]) -> Vec<Message> {
        pairs.iter().map(|(r, c)| Message { role: r.to_string(), content: c.to_string() }).collect()
    }

    #[test]
    fn chatml_fallback() {
        let t = ChatTemplate::new(CHATML, "", "").unwrap();
        let out = t.render(&msgs(&[("system", "S"), ("user", "Hi")])).unwrap();
        assert_eq!(out, "<|im_start|>system\nS<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n");
    }

    #[test]
    fn python_methods_and_raise_exception() {
        let src = "{{ bos_token }}{% for m in messages %}{% if m.role == 'bad' %}{{ raise_exception('no') }}\
                   {% endif %}{{ m.content.strip().upper() }}{% endfor %}";
        let t = ChatTemplate::new(src, "<s>", "</s>").unwrap();
        assert_eq!(t.render(&msgs(&[("user", "  hi ")])).unwrap(), "<s>HI");
        assert!(matches!(t.render(&msgs(&[("bad", "x")])), Err(TemplateError::Rejected(_))));
        assert!(matches!(ChatTemplate::new("{% for %}", "", ""), Err(TemplateError::Invalid(_))));
    }
}
