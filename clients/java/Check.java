// The Java client's check: every case of the shared list (clients/cases.py) through the
// generated client (openapi-generator `java`, library `native`) and the generated dispatch
// (clients/dispatch.py). Each request body is read into the generated request model with the
// client's ObjectMapper, sent, and the parsed answer (or the refusal's body parsed into the
// generated Problem) written back out with the same ObjectMapper.
//
//   java Check URL CASES RESULTS
import belote.client.ApiClient;
import belote.client.ApiException;
import belote.client.model.Problem;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;

public class Check {
  public static void main(String[] args) throws Exception {
    ApiClient client = new ApiClient();
    URI url = URI.create(args[0]);
    client.setScheme(url.getScheme()).setHost(url.getHost()).setPort(url.getPort()).setBasePath("");
    ObjectMapper mapper = client.getObjectMapper();
    ArrayNode results = mapper.createArrayNode();
    for (JsonNode item : mapper.readTree(new File(args[1]))) {
      ObjectNode result = results.addObject();
      result.put("id", item.get("id").asText());
      Map<String, String> params = new HashMap<>();
      item.get("params").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
      String body = item.get("body").isNull() ? null : mapper.writeValueAsString(item.get("body"));
      try {
        String answer = Dispatch.call(client, mapper, item.get("operation").asText(), body, params);
        result.put("status", 200);
        result.set("answer", item.get("media").asText().equals("json") ? mapper.readTree(answer) : mapper.getNodeFactory().textNode(answer));
      } catch (ApiException refusal) {
        result.put("status", refusal.getCode());
        if (refusal.getResponseBody() == null) {
          result.put("error", "ApiException " + refusal.getCode() + " without a body: " + refusal.getMessage());
        } else {
          Problem problem = mapper.readValue(refusal.getResponseBody(), Problem.class);
          result.set("answer", mapper.readTree(mapper.writeValueAsString(problem)));
        }
      } catch (Exception error) {
        StringWriter trace = new StringWriter();
        error.printStackTrace(new PrintWriter(trace));
        result.put("error", trace.toString().lines().limit(12).reduce("", (a, b) -> a + b + "\n"));
      }
    }
    mapper.writeValue(new File(args[2]), results);
  }
}
