// The Go client's check: every case of the shared list (clients/cases.py) through the
// generated client (openapi-generator `go`) and the generated dispatch (clients/dispatch.py).
// Each request body is read into the generated request model (encoding/json), sent, and the
// parsed answer, or the refusal's body parsed into the generated Problem, written back out
// with encoding/json (the models' MarshalJSON).
//
//	check URL CASES RESULTS
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	belote "belote/client"
)

type testCase struct {
	ID        string            `json:"id"`
	Operation string            `json:"operation"`
	Media     string            `json:"media"`
	Params    map[string]string `json:"params"`
	Body      json.RawMessage   `json:"body"`
}

func main() {
	config := belote.NewConfiguration()
	config.Servers = belote.ServerConfigurations{{URL: os.Args[1]}}
	client := belote.NewAPIClient(config)
	raw, err := os.ReadFile(os.Args[2])
	if err != nil {
		panic(err)
	}
	var cases []testCase
	if err := json.Unmarshal(raw, &cases); err != nil {
		panic(err)
	}
	results := []map[string]any{}
	for _, c := range cases {
		result := map[string]any{"id": c.ID}
		answer, response, err := dispatch(context.Background(), client, c.Operation, string(c.Body), c.Params)
		if response != nil {
			result["status"] = response.StatusCode
		}
		var refusal *belote.GenericOpenAPIError
		switch {
		case err != nil && errors.As(err, &refusal) && response != nil && response.StatusCode >= 400:
			var problem belote.Problem
			if perr := json.Unmarshal(refusal.Body(), &problem); perr != nil {
				result["error"] = "Problem: " + perr.Error()
			} else {
				result["answer"] = written(problem)
			}
		case err != nil:
			result["error"] = fmt.Sprintf("%T: %v", err, err)
		default:
			result["answer"] = written(answer)
		}
		results = append(results, result)
	}
	out, err := json.Marshal(results)
	if err != nil {
		panic(err)
	}
	if err := os.WriteFile(os.Args[3], out, 0o644); err != nil {
		panic(err)
	}
}

// written is the answer as the client writes it: JSON text of the model, or the text answer.
func written(answer any) any {
	if text, ok := answer.(string); ok {
		return text
	}
	data, err := json.Marshal(answer)
	if err != nil {
		return "marshal: " + err.Error()
	}
	var back any
	_ = json.Unmarshal(data, &back)
	return back
}
