// The Kotlin client's check: every case of the shared list (clients/cases.py) through the
// generated client (openapi-generator `kotlin`, jvm-okhttp4 + moshi) and the generated
// dispatch (clients/dispatch.py). Each request body is read into the generated request model
// with the client's Moshi, sent, and the parsed answer, or the refusal's body read into the
// generated Problem, written back out with the same Moshi.
//
//   java -cp ... CheckKt URL CASES RESULTS
import belote.client.infrastructure.ClientError
import belote.client.infrastructure.ClientException
import belote.client.infrastructure.Serializer
import belote.client.models.Problem
import com.squareup.moshi.Types
import java.io.File

fun main(args: Array<String>) {
    val any = Serializer.moshi.adapter<Any>(Any::class.java)
    val listType = Types.newParameterizedType(List::class.java, Map::class.java)
    val cases: List<Map<String, Any?>> = Serializer.moshi.adapter<List<Map<String, Any?>>>(listType).fromJson(File(args[1]).readText())!!
    val results = mutableListOf<Map<String, Any?>>()
    for (case in cases) {
        val result = mutableMapOf<String, Any?>("id" to case["id"])
        @Suppress("UNCHECKED_CAST")
        val params = (case["params"] as Map<String, Any?>).mapValues { it.value.toString() }
        val body = case["body"]?.let { any.toJson(it) }
        try {
            val answer = dispatch(args[0], case["operation"] as String, body, params)
            result["status"] = 200
            result["answer"] = if (case["media"] == "json") any.fromJson(answer) else answer
        } catch (refusal: ClientException) {
            result["status"] = refusal.statusCode
            val text = (refusal.response as? ClientError<*>)?.body as? String
            if (text == null) {
                result["error"] = "ClientException ${refusal.statusCode} without a body: ${refusal.message}"
            } else {
                val problem = Serializer.moshi.adapter(Problem::class.java).fromJson(text)!!
                result["answer"] = any.fromJson(write(problem))
            }
        } catch (error: Exception) {
            result["error"] = error.toString() + "\n" + error.stackTrace.take(8).joinToString("\n")
        }
        results.add(result)
    }
    File(args[2]).writeText(Serializer.moshi.adapter<Any>(Any::class.java).toJson(results))
}
