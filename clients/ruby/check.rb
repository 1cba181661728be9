# The Ruby client's check: every case of the shared list (clients/cases.py) through the
# generated client (openapi-generator `ruby`, library typhoeus) and the generated dispatch
# (clients/dispatch.py). Each request body is read into the generated request model
# (build_from_hash), sent, and the parsed answer, or the refusal's body read into the
# generated Problem, written back out (to_hash, JSON).
#
#   ruby check.rb URL CASES RESULTS
require 'json'
require 'uri'
require 'belote_client'
require 'dispatch'

url = URI(ARGV[0])
config = BeloteClient::Configuration.new
config.scheme = url.scheme
config.host = "#{url.host}:#{url.port}"
config.base_path = ''
client = BeloteClient::ApiClient.new(config)

def written(answer)
  return answer if answer.is_a?(String)

  JSON.parse(answer.to_hash.to_json)
end

results = JSON.parse(File.read(ARGV[1])).map do |c|
  result = { 'id' => c['id'] }
  body = c['body'].nil? ? nil : JSON.generate(c['body'])
  begin
    answer = dispatch(client, c['operation'], body, c['params'])
    result['status'] = 200
    result['answer'] = written(answer)
  rescue BeloteClient::ApiError => e
    result['status'] = e.code
    if e.code.to_i >= 400
      result['answer'] = written(BeloteClient::Problem.build_from_hash(JSON.parse(e.response_body)))
    else
      result['error'] = "ApiError #{e.code}: #{e.message}"
    end
  rescue StandardError => e
    result['error'] = "#{e.class}: #{e.message}\n#{e.backtrace.first(5).join("\n")}"
  end
  result
end
File.write(ARGV[2], JSON.generate(results))
