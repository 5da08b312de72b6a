/**
 * The countries of the facts base (server/content/study-facts.json), by the ways people name them:
 * country, people, visa or permit, system, big student cities, and the country's name in its own
 * languages and in the languages students ask in. Each entry: the country, a pattern, and optionally
 * a pattern of short forms that count only in capitals ("US", not "us"). Words in Latin letters sit
 * inside word boundaries; names in other scripts, or starting with an accented letter, match anywhere
 * (JavaScript's \b knows only ASCII letters).
 */
export const countryNames: [string, RegExp, RegExp?][] = [
  [
    'United Kingdom',
    /\b(united kingdom|britain|great britain|british|england|scotland|scottish|wales|welsh|northern ireland|ucas|tier ?4|student route|london|manchester|edinburgh|glasgow|birmingham|leeds|bristol|oxford|cambridge|oxbridge)\b/i,
    /\b(uk|u\.k\.)(?![\w])/i,
  ],
  [
    'United States',
    /\b(united states|america|american|f-?1|stem opt|common app|new york|nyc|austin|boston|chicago|california|texas|seattle|san francisco|los angeles|ivy league)\b/i,
    /\b(US|USA|U\.S\.A?\.?|OPT|CPT)(?![\w])/,
  ],
  [
    'Canada',
    /\b(canada|canadian|ouac|pgwp|study permit|toronto|vancouver|montreal|montréal|ottawa|calgary|ontario|quebec|québec|british columbia)\b/i,
  ],
  ['Australia', /\b(australia|australian|aussie|subclass 500|485 visa|sydney|melbourne|brisbane|perth|adelaide|canberra)\b/i],
  ['Germany', /\b(germany|german|deutschland|uni-assist|berlin|munich|münchen|hamburg|frankfurt|cologne|köln|stuttgart|heidelberg)\b/i],
  ['France', /\b(france|french|parcoursup|campus france|paris|lyon|marseille|toulouse|lille|bordeaux)\b/i],
  ['Ireland', /\b(ireland|irish|stamp ?2|stamp ?1g|cao|dublin|cork|galway|limerick)\b/i],
  [
    'Netherlands',
    /\b(netherlands|the nl|holland|dutch|studielink|zoekjaar|amsterdam|rotterdam|utrecht|the hague|eindhoven|leiden|groningen|delft)\b/i,
  ],
  ['Japan', /\b(japan|japanese|mext|jasso|eju|tokyo|osaka|kyoto|nagoya|fukuoka|sapporo)\b/i],
  [
    'Switzerland',
    /\b(switzerland|swiss|schweiz|suisse|svizzera|svizra|suiza|su[ií][cç]a|szwajcaria|zwitserland|eth zurich|epfl|z[uü]rich|zurigo|geneva|gen[eè]ve|ginevra|lausanne|basel|bern|berne|lucerne|luzern|lugano|st\.? ?gallen|fribourg)\b|[İi]svi[çc]re|Thụy Sĩ|Bâle|Швейцари|スイス|瑞士|스위스|سويسرا|שווייץ|سوئیس|स्विट्ज़रलैंड/i,
  ],
  [
    'Singapore',
    /\b(singapore|singaporean|singapur|singapura|singapour|student'?s pass|nanyang|ntu singapore|nus singapore)\b|Сингапур|Сінгапур|シンガポール|新加坡|싱가포르|سنغافورة|סינגפור|سنگاپور|सिंगापुर/i,
    /\b(NUS|NTU)(?![\w])/,
  ],
  [
    'Denmark',
    /\b(denmark|danish|danmark|d[aä]nemark|dinamarca|danimarca|danemark|denemarken|dania|danimarka|copenhagen|k[oø]benhavn|kopenhagen|copenhague|copenaghen|aarhus|[aå]rhus|odense|aalborg|nyidanmark|dtu)\b|Đan Mạch|Дани|デンマーク|丹麦|丹麥|덴마크|الدنمارك|דנמרק|دانمارک|डेनमार्क/i,
  ],
  [
    'Italy',
    /\b(italy|italian|italia|italien|italie|itali[eë]|it[aá]lia|w[lł]ochy|rome|roma|milan|milano|bologna|turin|torino|florence|firenze|padua|padova|naples|napoli|pisa|pavia|venice|venezia|permesso di soggiorno|universitaly)\b|[İi]talya|Итали|Італі|イタリア|意大利|義大利|이탈리아|إيطاليا|איטליה|ایتالیا|इटली/i,
  ],
  [
    'Spain',
    /\b(spain|spanish|espa[nñ]a|espanha|spanien|espagne|spagna|spanje|hiszpania|spanyol|madrid|barcelona|valencia|seville|sevilla|salamanca|granada|bilbao|estancia por estudios)\b|[İi]spanya|Tây Ban Nha|Испани|Іспані|スペイン|西班牙|스페인|إسبانيا|ספרד|اسپانیا|स्पेन/i,
  ],
  [
    'Sweden',
    /\b(sweden|swedish|sverige|schweden|suecia|su[eè]de|svezia|zweden|szwecja|swedia|su[eé]cia|stockholm|uppsala|lund|gothenburg|g[oö]teborg|malm[oö]|link[oö]ping|ume[aå]|migrationsverket|kth)\b|[İi]sveç|Thụy Điển|Швеци|スウェーデン|瑞典|스웨덴|السويد|שוודיה|سوئد|स्वीडन/i,
  ],
  [
    'New Zealand',
    /\b(new zealand|kiwi|aotearoa|nueva zelanda|nouvelle[- ]z[eé]lande|neuseeland|nuova zelanda|nova zel[aâ]ndia|nieuw[- ]zeeland|nowa zelandia|yeni zelanda|selandia baru|auckland|wellington|christchurch|dunedin)\b|Новая Зеланди|Нова Зеланді|ニュージーランド|新西兰|紐西蘭|뉴질랜드|نيوزيلندا|ניו זילנד|نیوزیلند|न्यूज़ीलैंड/i,
    /\b(NZ|N\.Z\.)(?![\w])/,
  ],
  [
    'South Korea',
    /\b(south korea|korea|korean|corea del sur|cor[eé]e du sud|s[uü]dkorea|coreia do sul|korea po[lł]udniowa|g[uü]ney kore|seoul|busan|incheon|daejeon|daegu|d-?2 visa)\b|Hàn Quốc|Южная Корея|Південна Корея|Корея|韓国|韩国|韓國|한국|대한민국|서울|كوريا|קוריאה|کره|दक्षिण कोरिया/i,
  ],
  [
    'United Arab Emirates',
    /\b(united arab emirates|emirates|emirati|emiratos [aá]rabes|emirados [aá]rabes|vereinigte arabische emirate|arabische emiraten|birle[sş]ik arap emirlikleri|uni emirat arab|verenigde arabische emiraten|zjednoczone emiraty|dub[aá]i|dubaj|abu dhabi|abou dhabi|abu dabi|abou dabi|sharjah|ajman|mohre)\b|Dubaï|[EÉ]mirats arabes unis|Объединённые Арабские Эмираты|Объединенные Арабские Эмираты|ОАЭ|ОАЕ|Дубай|アラブ首長国連邦|ドバイ|阿联酋|阿聯酋|迪拜|杜拜|아랍에미리트|두바이|الإمارات|دبي|أبوظبي|Абу-Даби|Абу-Дабі|アブダビ|阿布扎比|阿布達比|아부다비|אבו דאבי|ابوظبی|अबू धाबी|איחוד האמירויות|דובאי|امارات|دبی|दुबई/i,
    /\b(UAE|U\.A\.E\.?|BAE)(?![\w])/,
  ],
]
