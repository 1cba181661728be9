// The Rust client's check: every case of the shared list (clients/cases.py) through the
// generated client (openapi-generator `rust`, library reqwest) and the generated dispatch
// (clients/dispatch.py). Each request body is read into the generated request model with
// serde, sent, and the parsed answer, or the refusal's body read into the generated Problem,
// written back out with serde.
//
//   belote-check URL CASES RESULTS
use std::collections::HashMap;

use belote_client::apis::{self, configuration::Configuration};
use belote_client::models;
use serde_json::{json, Value};

mod dispatch;

#[derive(Debug)]
pub struct Refusal {
    status: u16,
    content: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "refused with {}", self.status)
    }
}

impl std::error::Error for Refusal {}

pub fn failure<T: std::fmt::Debug>(error: apis::Error<T>) -> Box<dyn std::error::Error> {
    match error {
        apis::Error::ResponseError(r) => Box::new(Refusal { status: r.status.as_u16(), content: r.content }),
        other => format!("{other:?}").into(),
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut config = Configuration::new();
    config.base_path = args[1].clone();
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(&args[2]).unwrap()).unwrap();
    let mut results = Vec::new();
    for case in cases {
        let mut result = json!({"id": case["id"]});
        let params: HashMap<String, String> = case["params"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string()))
            .collect();
        let body = case["body"].to_string();
        match dispatch::dispatch(&config, case["operation"].as_str().unwrap(), &body, &params).await {
            Ok(answer) => {
                result["status"] = json!(200);
                result["answer"] = if case["media"] == "json" {
                    serde_json::from_str(&answer).unwrap_or(Value::String(answer))
                } else {
                    Value::String(answer)
                };
            }
            Err(error) => match error.downcast::<Refusal>() {
                Ok(refusal) => {
                    result["status"] = json!(refusal.status);
                    match serde_json::from_str::<models::Problem>(&refusal.content) {
                        Ok(problem) => result["answer"] = serde_json::to_value(&problem).unwrap(),
                        Err(e) => result["error"] = json!(format!("Problem: {e}")),
                    }
                }
                Err(other) => result["error"] = json!(other.to_string()),
            },
        }
        results.push(result);
    }
    std::fs::write(&args[3], serde_json::to_string(&results).unwrap()).unwrap();
}
