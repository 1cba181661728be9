// The C# client's check: every case of the shared list (clients/cases.py) through the
// generated client (openapi-generator `csharp`, library httpclient, Json.NET) and the
// generated dispatch (clients/dispatch.py). Each request body is read into the generated
// request model with Json.NET, sent, and the parsed answer, or the refusal's body read into
// the generated Problem, written back out with Json.NET.
//
//   mono check.exe URL CASES RESULTS
using System;
using System.Collections.Generic;
using System.IO;
using Belote.Client.Client;
using Belote.Client.Model;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

static class Check
{
    static int Main(string[] args)
    {
        var results = new JArray();
        foreach (JObject item in JArray.Parse(File.ReadAllText(args[1])))
        {
            var result = new JObject();
            result["id"] = item["id"];
            var parameters = new Dictionary<string, string>();
            foreach (var p in (JObject)item["params"]) parameters[p.Key] = (string)p.Value;
            string body = item["body"].Type == JTokenType.Null ? null : item["body"].ToString(Formatting.None);
            try
            {
                string answer = Dispatch.Call(args[0], (string)item["operation"], body, parameters);
                result["status"] = 200;
                result["answer"] = (string)item["media"] == "json" ? JToken.Parse(answer) : new JValue(answer);
            }
            catch (ApiException refusal)
            {
                result["status"] = refusal.ErrorCode;
                var text = refusal.ErrorContent as string;
                if (text == null)
                    result["error"] = "ApiException " + refusal.ErrorCode + " without a body: " + refusal.Message;
                else
                    result["answer"] = JToken.Parse(JsonConvert.SerializeObject(JsonConvert.DeserializeObject<Problem>(text)));
            }
            catch (Exception error)
            {
                result["error"] = error.ToString();
            }
            results.Add(result);
        }
        File.WriteAllText(args[2], results.ToString(Formatting.None));
        return 0;
    }
}
