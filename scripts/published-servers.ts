// The published MCP servers whose tool lists make the tool-search corpus
// (scripts/record-published-tools.ts): npm package, the bin to start when it has several, and the
// arguments and placeholder credentials that let it start and list its tools without an account.
export interface Recorded {
  /** The npm package the tools come from (its version is recorded with the tools). */
  package: string;
  /** Which of the package's bins to start; its only one when unset. */
  bin?: string;
  args?: string[];
  env?: Record<string, string>;
  /** Files the server reads at start (placeholder OAuth client keys), written into its temporary HOME. */
  files?: Record<string, string>;
}

/** An OAuth client file as Google's servers read it; no secret of any account. */
const GOOGLE_OAUTH_KEYS = JSON.stringify({ installed: { client_id: 'placeholder.apps.googleusercontent.com', client_secret: 'placeholder', redirect_uris: ['http://localhost'] } });
const twilio = (service: string): Recorded => ({ package: '@twilio-alpha/mcp', args: ['AC00000000000000000000000000000000/SK00000000000000000000000000000000:placeholder', '--services', service] });

const PLACEHOLDER = 'placeholder-not-a-credential';

export const SERVERS: Record<string, Recorded> = {
  github: { package: '@modelcontextprotocol/server-github', env: { GITHUB_PERSONAL_ACCESS_TOKEN: PLACEHOLDER } },
  gitlab: { package: '@modelcontextprotocol/server-gitlab', env: { GITLAB_PERSONAL_ACCESS_TOKEN: PLACEHOLDER } },
  slack: { package: '@modelcontextprotocol/server-slack', env: { SLACK_BOT_TOKEN: PLACEHOLDER, SLACK_TEAM_ID: 'T000' } },
  'google-maps': { package: '@modelcontextprotocol/server-google-maps', env: { GOOGLE_MAPS_API_KEY: PLACEHOLDER } },
  'brave-search': { package: '@modelcontextprotocol/server-brave-search', env: { BRAVE_API_KEY: PLACEHOLDER } },
  postgres: { package: '@modelcontextprotocol/server-postgres', args: ['postgresql://127.0.0.1:1/none'] },
  puppeteer: { package: '@modelcontextprotocol/server-puppeteer' },
  'aws-kb-retrieval': { package: '@modelcontextprotocol/server-aws-kb-retrieval', env: { AWS_ACCESS_KEY_ID: PLACEHOLDER, AWS_SECRET_ACCESS_KEY: PLACEHOLDER, AWS_REGION: 'us-east-1' } },
  notion: { package: '@notionhq/notion-mcp-server', env: { NOTION_TOKEN: PLACEHOLDER } },
  playwright: { package: '@playwright/mcp' },
  chart: { package: '@antv/mcp-server-chart' },
  firecrawl: { package: 'firecrawl-mcp', env: { FIRECRAWL_API_KEY: PLACEHOLDER } },
  circleci: { package: '@circleci/mcp-server-circleci', env: { CIRCLECI_TOKEN: PLACEHOLDER } },
  context7: { package: '@upstash/context7-mcp' },
  tavily: { package: 'tavily-mcp', env: { TAVILY_API_KEY: PLACEHOLDER } },
  'chrome-devtools': { package: 'chrome-devtools-mcp', bin: 'chrome-devtools-mcp' },
  stripe: { package: '@stripe/mcp', args: ['--tools=all', '--api-key=sk_test_placeholder'] },
  supabase: { package: '@supabase/mcp-server-supabase', args: ['--access-token=placeholder'] },
  sentry: { package: '@sentry/mcp-server', args: ['--access-token=placeholder'] },
  hubspot: { package: '@hubspot/mcp-server', env: { PRIVATE_APP_ACCESS_TOKEN: PLACEHOLDER } },
  // Twilio's MCP builds its tools from Twilio's OpenAPI files, one API per configured server.
  twilio: twilio('twilio_api_v2010'),
  'twilio-messaging': twilio('twilio_messaging_v1'),
  'twilio-conversations': twilio('twilio_conversations_v1'),
  'twilio-verify': twilio('twilio_verify_v2'),
  'twilio-studio': twilio('twilio_studio_v2'),
  'twilio-serverless': twilio('twilio_serverless_v1'),
  mongodb: { package: 'mongodb-mcp-server' },
  kubernetes: { package: 'mcp-server-kubernetes' },
  heroku: { package: '@heroku/mcp-server', env: { HEROKU_API_KEY: PLACEHOLDER } },
  cloudflare: { package: '@cloudflare/mcp-server-cloudflare', args: ['run', '00000000000000000000000000000000'] },
  apify: { package: '@apify/actors-mcp-server', env: { APIFY_TOKEN: PLACEHOLDER } },
  elasticsearch: { package: '@elastic/mcp-server-elasticsearch', env: { ES_URL: 'http://127.0.0.1:1', ES_API_KEY: PLACEHOLDER } },
  browserbase: { package: '@browserbasehq/mcp-server-browserbase', env: { BROWSERBASE_API_KEY: PLACEHOLDER, BROWSERBASE_PROJECT_ID: PLACEHOLDER, GEMINI_API_KEY: PLACEHOLDER } },
  'azure-devops': { package: '@azure-devops/mcp', args: ['placeholder-org', '--authentication', 'envvar'], env: { ADO_MCP_AUTH_TOKEN: PLACEHOLDER } },
  digitalocean: { package: '@digitalocean/mcp', env: { DIGITALOCEAN_API_TOKEN: PLACEHOLDER } },
  postman: { package: '@postman/postman-mcp-server', args: ['--full'], env: { POSTMAN_API_KEY: PLACEHOLDER } },
  neon: { package: '@neondatabase/mcp-server-neon', args: ['start', PLACEHOLDER] },
  upstash: { package: '@upstash/mcp-server', args: ['run', 'placeholder@example.com', PLACEHOLDER] },
  launchdarkly: { package: '@launchdarkly/mcp-server', args: ['start', '--api-key', PLACEHOLDER] },
  netlify: { package: '@netlify/mcp', env: { NETLIFY_PERSONAL_ACCESS_TOKEN: PLACEHOLDER } },
  railway: { package: '@railway/mcp-server' },
  mapbox: { package: '@mapbox/mcp-server', env: { MAPBOX_ACCESS_TOKEN: 'pk.placeholder' } },
  shopify: { package: '@shopify/dev-mcp' },
  figma: { package: 'figma-developer-mcp', args: ['--stdio', '--figma-api-key=placeholder'] },
  pinecone: { package: '@pinecone-database/mcp', env: { PINECONE_API_KEY: PLACEHOLDER } },
  exa: { package: 'exa-mcp-server', env: { EXA_API_KEY: PLACEHOLDER } },
  'desktop-commander': { package: '@wonderwhy-er/desktop-commander', bin: 'desktop-commander' },
  wordpress: { package: 'mcp-wordpress', bin: 'mcp-wordpress', env: { WORDPRESS_SITE_URL: 'http://127.0.0.1:1', WORDPRESS_USERNAME: 'placeholder', WORDPRESS_APP_PASSWORD: PLACEHOLDER } },
  fmp: { package: 'financial-modeling-prep-mcp-server', env: { FMP_ACCESS_TOKEN: PLACEHOLDER } },
  vercel: { package: '@mistertk/vercel-mcp', env: { VERCEL_API_KEY: PLACEHOLDER } },
  browserstack: { package: '@browserstack/mcp-server', env: { BROWSERSTACK_USERNAME: 'placeholder', BROWSERSTACK_ACCESS_KEY: PLACEHOLDER } },
  currents: { package: '@currents/mcp', env: { CURRENTS_API_KEY: PLACEHOLDER } },
  gcloud: { package: '@google-cloud/gcloud-mcp' },
  'gcp-observability': { package: '@google-cloud/observability-mcp' },
  'gcp-storage': { package: '@google-cloud/storage-mcp' },
  'cloud-run': { package: '@google-cloud/cloud-run-mcp' },
  weather: { package: '@dangahagan/weather-mcp' },
  metabase: { package: '@easecloudio/mcp-metabase-server', env: { METABASE_URL: 'http://127.0.0.1:1', METABASE_API_KEY: PLACEHOLDER } },
  brightdata: { package: '@brightdata/mcp', env: { API_TOKEN: PLACEHOLDER, PRO_MODE: 'true' } },
  'google-calendar': { package: '@cocal/google-calendar-mcp', env: { GOOGLE_OAUTH_CREDENTIALS: 'gcp-oauth.keys.json' }, files: { 'gcp-oauth.keys.json': GOOGLE_OAUTH_KEYS } },
  gmail: { package: '@gongrzhe/server-gmail-autoauth-mcp', files: { '.gmail-mcp/gcp-oauth.keys.json': GOOGLE_OAUTH_KEYS, 'gcp-oauth.keys.json': GOOGLE_OAUTH_KEYS } },
  instantdb: { package: '@instantdb/mcp', args: ['--token', PLACEHOLDER] },
  dbhub: { package: '@bytebase/dbhub', args: ['--transport', 'stdio', '--dsn', 'sqlite:///:memory:'] },
  git: { package: '@cyanheads/git-mcp-server' },
  'postgres-tools': { package: '@henkey/postgres-mcp-server', args: ['--connection-string', 'postgresql://127.0.0.1:1/none'] },
  auth0: { package: '@auth0/auth0-mcp-server', args: ['run'] },
  'playwright-ea': { package: '@executeautomation/playwright-mcp-server' },
  dynatrace: { package: '@dynatrace-oss/dynatrace-mcp-server', env: { DT_ENVIRONMENT: 'https://placeholder.apps.dynatrace.com', DT_PLATFORM_TOKEN: PLACEHOLDER } },
  jira: { package: '@aashari/mcp-server-atlassian-jira', env: { ATLASSIAN_SITE_NAME: 'placeholder', ATLASSIAN_USER_EMAIL: 'placeholder@example.com', ATLASSIAN_API_TOKEN: PLACEHOLDER } },
  codacy: { package: '@codacy/codacy-mcp', env: { CODACY_ACCOUNT_TOKEN: PLACEHOLDER } },
  'brave-search-2': { package: '@brave/brave-search-mcp-server', env: { BRAVE_API_KEY: PLACEHOLDER } },
  firebase: { package: '@gannonh/firebase-mcp', env: { SERVICE_ACCOUNT_KEY_PATH: '/nonexistent.json' } },
  doppler: { package: '@dopplerhq/mcp-server', env: { DOPPLER_TOKEN: 'dp.pt.placeholder' } },
  discourse: { package: '@discourse/mcp', args: ['--site', 'http://127.0.0.1:1'] },
  'metabase-cognition': { package: '@cognitionai/metabase-mcp-server', env: { METABASE_URL: 'http://127.0.0.1:1', METABASE_API_KEY: PLACEHOLDER } },
  iterable: { package: '@iterable/mcp', env: { ITERABLE_API_KEY: PLACEHOLDER } },
  infisical: { package: '@infisical/mcp', env: { INFISICAL_AUTH_METHOD: 'access-token', INFISICAL_TOKEN: PLACEHOLDER } },
  ebay: { package: 'ebay-mcp', env: { EBAY_CLIENT_ID: PLACEHOLDER, EBAY_CLIENT_SECRET: PLACEHOLDER, EBAY_ENVIRONMENT: 'sandbox' } },
  photoshop: { package: '00bx-photoshop-mcp', bin: '00bx-photoshop-mcp' },
  boondmanager: { package: 'boondmanager-mcp-server', env: { BOOND_USER_TOKEN: PLACEHOLDER, BOOND_CLIENT_TOKEN: PLACEHOLDER, BOOND_CLIENT_KEY: PLACEHOLDER } },
  'metabase-assistant': { package: 'metabase-ai-assistant', env: { METABASE_URL: 'http://127.0.0.1:1', METABASE_API_KEY: 'mb_placeholder' } },
  selenium: { package: 'selenium-ai-agent', bin: 'selenium-mcp' },
  azure: { package: '@azure/mcp', args: ['server', 'start', '--mode', 'all'] },
};
