/**
 * The demo seed's announcements, published through `news publish` like an operator would, in all
 * nine languages. They describe the demo itself, so nothing in them pretends to be real.
 */
import type { Language } from '../../../protocol/languages.ts';

interface DemoText {
  title: string;
  body: string;
}

const WELCOME: Record<Language, DemoText> = {
  en: {
    title: 'Welcome to the Meridian demo',
    body: 'This server runs with **demo money** only.\n\n- Use the faucet on the assets screen to get demo USDT.\n- Market prices come from a simulated feed.\n\nNothing here is real money or investment advice.',
  },
  'zh-CN': {
    title: '欢迎体验 Meridian 演示版',
    body: '本服务器只使用**演示资金**。\n\n- 在资产页面使用水龙头领取演示 USDT。\n- 行情价格来自模拟数据源。\n\n这里的一切都不是真实资金，也不构成投资建议。',
  },
  'zh-TW': {
    title: '歡迎體驗 Meridian 示範版',
    body: '本伺服器只使用**示範資金**。\n\n- 在資產頁面使用水龍頭領取示範 USDT。\n- 行情價格來自模擬資料源。\n\n這裡的一切都不是真實資金，也不構成投資建議。',
  },
  ar: {
    title: 'مرحبًا بك في النسخة التجريبية من Meridian',
    body: 'يعمل هذا الخادم **بأموال تجريبية** فقط.\n\n- استخدم الصنبور في شاشة الأصول للحصول على USDT تجريبية.\n- أسعار السوق مصدرها بيانات محاكاة.\n\nلا شيء هنا أموال حقيقية أو نصيحة استثمارية.',
  },
  fr: {
    title: 'Bienvenue dans la démo Meridian',
    body: 'Ce serveur fonctionne uniquement avec de l’**argent de démonstration**.\n\n- Utilisez le robinet de l’écran des actifs pour obtenir des USDT de démonstration.\n- Les prix du marché proviennent d’un flux simulé.\n\nRien ici n’est de l’argent réel ni un conseil en investissement.',
  },
  it: {
    title: 'Benvenuto nella demo di Meridian',
    body: 'Questo server funziona solo con **denaro dimostrativo**.\n\n- Usa il faucet nella schermata degli asset per ottenere USDT dimostrativi.\n- I prezzi di mercato provengono da un flusso simulato.\n\nNulla qui è denaro reale o un consiglio di investimento.',
  },
  ja: {
    title: 'Meridian デモへようこそ',
    body: 'このサーバーは**デモ資金**のみで動作します。\n\n- 資産画面のフォーセットでデモ USDT を受け取れます。\n- 相場価格はシミュレーションによるものです。\n\nここにあるものは実際のお金でも投資助言でもありません。',
  },
  ko: {
    title: 'Meridian 데모에 오신 것을 환영합니다',
    body: '이 서버는 **데모 자금**으로만 운영됩니다.\n\n- 자산 화면의 파우셋에서 데모 USDT를 받으세요.\n- 시세는 시뮬레이션 피드에서 제공됩니다.\n\n여기의 어떤 것도 실제 돈이나 투자 조언이 아닙니다.',
  },
  th: {
    title: 'ยินดีต้อนรับสู่ Meridian เวอร์ชันสาธิต',
    body: 'เซิร์ฟเวอร์นี้ใช้**เงินสาธิต**เท่านั้น\n\n- ใช้ก๊อกน้ำในหน้าสินทรัพย์เพื่อรับ USDT สาธิต\n- ราคาตลาดมาจากข้อมูลจำลอง\n\nไม่มีสิ่งใดที่นี่เป็นเงินจริงหรือคำแนะนำการลงทุน',
  },
};

const NOTIFICATIONS: Record<Language, DemoText> = {
  en: {
    title: 'Announcements can now reach your phone',
    body: 'Turn on **Get notified** on the announcements screen and new announcements arrive as notifications, in your language.\n\nYou can turn it off at any time.',
  },
  'zh-CN': {
    title: '公告现在可以推送到您的手机',
    body: '在公告页面打开**接收通知**，新的公告就会以您的语言作为通知送达。\n\n您可以随时关闭。',
  },
  'zh-TW': {
    title: '公告現在可以推送到您的手機',
    body: '在公告頁面開啟**接收通知**，新的公告就會以您的語言作為通知送達。\n\n您可以隨時關閉。',
  },
  ar: {
    title: 'يمكن الآن أن تصل الإعلانات إلى هاتفك',
    body: 'فعّل **تلقي الإشعارات** في شاشة الإعلانات لتصلك الإعلانات الجديدة كإشعارات بلغتك.\n\nيمكنك إيقافها في أي وقت.',
  },
  fr: {
    title: 'Les annonces peuvent maintenant arriver sur votre téléphone',
    body: 'Activez **Recevoir les notifications** sur l’écran des annonces et les nouvelles annonces arriveront sous forme de notifications, dans votre langue.\n\nVous pouvez le désactiver à tout moment.',
  },
  it: {
    title: 'Gli annunci ora possono arrivare sul tuo telefono',
    body: 'Attiva **Ricevi notifiche** nella schermata degli annunci e i nuovi annunci arriveranno come notifiche, nella tua lingua.\n\nPuoi disattivarlo in qualsiasi momento.',
  },
  ja: {
    title: 'お知らせをスマートフォンで受け取れるようになりました',
    body: 'お知らせ画面で**通知を受け取る**をオンにすると、新しいお知らせがあなたの言語で通知として届きます。\n\nいつでもオフにできます。',
  },
  ko: {
    title: '이제 공지사항을 휴대폰으로 받을 수 있습니다',
    body: '공지사항 화면에서 **알림 받기**를 켜면 새 공지사항이 사용자의 언어로 알림으로 도착합니다.\n\n언제든지 끌 수 있습니다.',
  },
  th: {
    title: 'ตอนนี้ประกาศส่งถึงโทรศัพท์ของคุณได้แล้ว',
    body: 'เปิด **รับการแจ้งเตือน** ในหน้าประกาศ แล้วประกาศใหม่จะมาถึงเป็นการแจ้งเตือนในภาษาของคุณ\n\nคุณปิดได้ทุกเมื่อ',
  },
};

function publish(texts: Record<Language, DemoText>, pinned: boolean): string[] {
  // English first: it is the fallback of every language the operator did not write.
  const order = ['en', ...Object.keys(texts).filter((l) => l !== 'en')] as Language[];
  return [
    'news',
    'publish',
    ...order.flatMap((lang) => ['--lang', lang, '--title', texts[lang].title, '--body', texts[lang].body]),
    ...(pinned ? ['--pin'] : []),
  ];
}

export const DEMO_ANNOUNCEMENT_COMMANDS: readonly string[][] = [
  publish(NOTIFICATIONS, false),
  publish(WELCOME, true),
];
