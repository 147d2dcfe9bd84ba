import type { LocalisedText } from '@coinlens/contract';

/** A bundled article, so the Viewpoint tab has news on a fresh offline start. Shown labelled as a sample. */
export interface SampleArticle {
  slug: string;
  /** Hours before the first start at which it counts as published. */
  hoursAgo: number;
  coinIds: string[];
  title: LocalisedText;
  summary: LocalisedText;
  /** Paragraphs; each becomes a `<p>`. */
  paragraphs: Record<keyof LocalisedText, string[]>;
}

export const SAMPLE_ARTICLES: readonly SampleArticle[] = [
  {
    slug: 'how-the-coinlens-score-reads-volume',
    hoursAgo: 2,
    coinIds: [],
    title: {
      en: 'How the Coinlens score tells real volume from wash trading',
      vi: 'Điểm Coinlens phân biệt khối lượng thật với giao dịch wash như thế nào',
      'zh-Hans': '币镜评分如何区分真实成交量与刷量交易',
    },
    summary: {
      en: 'Reported volume is easy to fake. The score counts only what order books and trade tapes can support.',
      vi: 'Khối lượng báo cáo rất dễ làm giả. Điểm số chỉ tính phần mà sổ lệnh và dữ liệu khớp lệnh chứng minh được.',
      'zh-Hans': '报告的成交量很容易造假。评分只计入订单簿和成交记录能够支撑的部分。',
    },
    paragraphs: {
      en: [
        'An exchange that trades with itself can print any volume it likes. What it cannot fake as cheaply is depth: resting orders within 2 % of the price that anyone could hit.',
        'The Coinlens score therefore counts a venue’s volume only up to a multiple of its order-book depth, weighs it by the venue’s integrity, and caps any single venue at half of a coin’s total.',
        'Integrity comes from the tape itself: trade sizes that ignore Benford’s law, no clustering at round sizes, buys and sells of the same size at the same moment. Each feature and its source is listed in the published methodology.',
      ],
      vi: [
        'Một sàn tự giao dịch với chính mình có thể tạo ra bất kỳ khối lượng nào. Điều khó làm giả hơn là độ sâu: các lệnh chờ trong phạm vi 2 % quanh giá mà ai cũng có thể khớp.',
        'Vì vậy điểm Coinlens chỉ tính khối lượng của một sàn tới một bội số của độ sâu sổ lệnh, nhân với độ tin cậy của sàn, và không để sàn nào chiếm quá một nửa tổng khối lượng của đồng coin.',
        'Độ tin cậy được đo từ chính dữ liệu khớp lệnh: kích thước lệnh không theo định luật Benford, không tập trung ở các số tròn, lệnh mua và bán cùng cỡ vào cùng một thời điểm. Mỗi tiêu chí và nguồn của nó đều có trong phương pháp đã công bố.',
      ],
      'zh-Hans': [
        '自买自卖的交易所可以制造任意成交量。但深度难以低成本伪造：价格上下2%以内、任何人都能成交的挂单。',
        '因此，币镜评分只按订单簿深度的一定倍数计入交易所的成交量，再乘以该交易所的可信度，并且任何一家交易所都不能超过该币种总量的一半。',
        '可信度来自成交记录本身：成交数量不符合本福特定律、没有集中在整数档位、同一时刻出现同样数量的买卖。每一项特征及其来源都写在公开的方法说明中。',
      ],
    },
  },
  {
    slug: 'reading-order-book-depth',
    hoursAgo: 9,
    coinIds: ['bitcoin', 'ethereum'],
    title: {
      en: 'Order-book depth: the number that says how much you can really trade',
      vi: 'Độ sâu sổ lệnh: con số cho biết bạn thực sự giao dịch được bao nhiêu',
      'zh-Hans': '订单簿深度：告诉你实际能成交多少的数字',
    },
    summary: {
      en: 'Price and volume say little about what a large order would cost. Depth within ±2 % does.',
      vi: 'Giá và khối lượng nói rất ít về chi phí của một lệnh lớn. Độ sâu trong khoảng ±2 % thì nói được.',
      'zh-Hans': '价格和成交量很难说明大额订单的成本，±2%以内的深度可以。',
    },
    paragraphs: {
      en: [
        'Depth is the value of the orders waiting within a band around the price. A market with 5 million dollars of bids within 2 % can absorb a 1 million dollar sale with little slippage.',
        'Bitcoin and Ether carry the deepest books across the major venues; many small coins show large volumes next to books a thousand times thinner, a sign that the volume is not what it seems.',
        'On every coin page, Coinlens shows the liquidity it measured and how much of each venue’s reported volume the books support.',
      ],
      vi: [
        'Độ sâu là giá trị các lệnh đang chờ trong một dải quanh mức giá. Thị trường có 5 triệu đô la lệnh mua trong phạm vi 2 % có thể hấp thụ lệnh bán 1 triệu đô la mà giá ít bị trượt.',
        'Bitcoin và Ether có sổ lệnh sâu nhất trên các sàn lớn; nhiều đồng nhỏ có khối lượng lớn bên cạnh sổ lệnh mỏng hơn cả nghìn lần — dấu hiệu cho thấy khối lượng không như vẻ ngoài.',
        'Trên trang mỗi đồng coin, Coinlens cho thấy thanh khoản đo được và phần khối lượng báo cáo của từng sàn mà sổ lệnh chứng minh được.',
      ],
      'zh-Hans': [
        '深度是价格附近一定区间内等待成交的订单总值。2%以内有500万美元买单的市场，可以在滑点很小的情况下承接100万美元的卖单。',
        '比特币和以太坊在各大交易所的订单簿最深；许多小币种成交量很大，订单簿却薄上千倍，这说明成交量并非表面那样。',
        '在每个币种页面上，币镜都会展示测得的流动性，以及各交易所报告的成交量中有多少能得到订单簿的支撑。',
      ],
    },
  },
  {
    slug: 'stablecoins-and-the-market',
    hoursAgo: 20,
    coinIds: ['tether', 'usd-coin'],
    title: {
      en: 'Why stablecoin supply is worth watching',
      vi: 'Vì sao nên theo dõi nguồn cung stablecoin',
      'zh-Hans': '为什么值得关注稳定币的供应量',
    },
    summary: {
      en: 'Stablecoins are the cash of crypto markets: their supply shows how much money waits on the sidelines.',
      vi: 'Stablecoin là tiền mặt của thị trường tiền mã hóa: nguồn cung của chúng cho thấy lượng tiền đang chờ bên ngoài.',
      'zh-Hans': '稳定币是加密市场的现金：其供应量反映了场外观望的资金规模。',
    },
    paragraphs: {
      en: [
        'Most trading pairs are quoted in Tether or USD Coin, so a growing stablecoin supply usually means more money ready to buy.',
        'The price of a stablecoin should stay at one dollar; Coinlens marks any venue whose price strays far from the others and leaves it out of the reference price.',
      ],
      vi: [
        'Phần lớn cặp giao dịch được yết giá bằng Tether hoặc USD Coin, nên nguồn cung stablecoin tăng thường có nghĩa là có thêm tiền sẵn sàng mua.',
        'Giá stablecoin phải giữ ở mức một đô la; Coinlens đánh dấu sàn nào có giá lệch xa so với các sàn khác và loại nó khỏi giá tham chiếu.',
      ],
      'zh-Hans': [
        '大多数交易对以USDT或USDC计价，因此稳定币供应增加通常意味着有更多资金准备买入。',
        '稳定币的价格应保持在1美元；若某家交易所的报价明显偏离其他交易所，币镜会加以标记，并将其排除在参考价格之外。',
      ],
    },
  },
  {
    slug: 'bought-followers',
    hoursAgo: 31,
    coinIds: [],
    title: {
      en: 'Bought followers: why a sudden social spike does not lift a score',
      vi: 'Người theo dõi mua được: vì sao lượng theo dõi tăng vọt không nâng điểm',
      'zh-Hans': '买来的粉丝：为什么社交数据突然暴涨不会提高评分',
    },
    summary: {
      en: 'Followers are cheap to buy. The score counts growth only when engagement, volume or on-chain use grow too.',
      vi: 'Người theo dõi rất rẻ để mua. Điểm số chỉ tính mức tăng khi tương tác, khối lượng hoặc hoạt động on-chain cũng tăng.',
      'zh-Hans': '粉丝很便宜就能买到。只有互动、成交量或链上活动同步增长时，评分才计入粉丝增长。',
    },
    paragraphs: {
      en: [
        'A project can add a hundred thousand followers overnight for a few hundred dollars. Real interest leaves other traces: replies, trading, new addresses on its chain.',
        'When followers jump by more than 30 % in a day and nothing else moves, Coinlens does not count the jump, flags it on the coin page and marks the coin as high risk until it settles.',
      ],
      vi: [
        'Một dự án có thể thêm trăm nghìn người theo dõi chỉ sau một đêm với vài trăm đô la. Sự quan tâm thật để lại dấu vết khác: trả lời, giao dịch, địa chỉ mới trên chuỗi.',
        'Khi số người theo dõi tăng hơn 30 % trong một ngày mà không có gì khác thay đổi, Coinlens không tính mức tăng đó, gắn cảnh báo trên trang coin và đánh dấu rủi ro cao cho tới khi ổn định.',
      ],
      'zh-Hans': [
        '一个项目花几百美元就能在一夜之间增加十万粉丝。真实的关注会留下其他痕迹：回复、交易、链上的新地址。',
        '当粉丝一天内增长超过30%而其他指标毫无变化时，币镜不计入这部分增长，会在币种页面上提示，并在恢复正常前将其标记为高风险。',
      ],
    },
  },
  {
    slug: 'ethereum-activity',
    hoursAgo: 45,
    coinIds: ['ethereum'],
    title: {
      en: 'Ethereum’s active addresses as a measure of use',
      vi: 'Số địa chỉ hoạt động của Ethereum như một thước đo mức sử dụng',
      'zh-Hans': '以活跃地址衡量以太坊的使用情况',
    },
    summary: {
      en: 'Active addresses count who actually uses a chain; the score weighs them against how concentrated holdings are.',
      vi: 'Số địa chỉ hoạt động cho biết ai thực sự dùng một chuỗi; điểm số cân nhắc chúng cùng mức độ tập trung nắm giữ.',
      'zh-Hans': '活跃地址反映谁在真正使用一条链；评分会结合持币集中度一起考量。',
    },
    paragraphs: {
      en: [
        'Every day, hundreds of thousands of addresses send or receive Ether. The number moves with real use: applications, payments, trading on decentralised exchanges.',
        'Activity counts for less when a handful of holders own most of the supply; Coinlens shows the share of the top ten holders on the coin’s score section.',
      ],
      vi: [
        'Mỗi ngày có hàng trăm nghìn địa chỉ gửi hoặc nhận Ether. Con số này biến động theo mức sử dụng thật: ứng dụng, thanh toán, giao dịch trên sàn phi tập trung.',
        'Hoạt động được tính ít hơn khi một nhóm nhỏ nắm phần lớn nguồn cung; Coinlens hiển thị tỷ lệ của mười ví lớn nhất trong phần điểm của đồng coin.',
      ],
      'zh-Hans': [
        '每天有数十万个地址发送或接收以太币。这个数字随真实使用而变化：应用、支付、去中心化交易所上的交易。',
        '当少数持有者掌握大部分供应时，活跃度的权重会降低；币镜在币种评分区展示前十大持有者的占比。',
      ],
    },
  },
  {
    slug: 'pump-and-dump',
    hoursAgo: 60,
    coinIds: [],
    title: {
      en: 'Anatomy of a pump-and-dump, and how to spot one early',
      vi: 'Giải phẫu một vụ pump-and-dump và cách nhận ra sớm',
      'zh-Hans': '拉高出货的全过程，以及如何尽早识别',
    },
    summary: {
      en: 'A thin coin, a coordinated buy, a sell into the crowd. Depth and verified volume show the warning signs.',
      vi: 'Một đồng coin thanh khoản thấp, một đợt mua có tổ chức, rồi bán cho đám đông. Độ sâu và khối lượng xác minh cho thấy dấu hiệu cảnh báo.',
      'zh-Hans': '流动性差的币、有组织的买入、再卖给跟风者。深度和核实成交量会显示预警信号。',
    },
    paragraphs: {
      en: [
        'Pumps target coins with thin books: a few hundred thousand dollars can double the price. Organisers buy first, announce, and sell to those who follow within minutes to hours.',
        'Warning signs: a price jump without news, volume many times its average, and books too thin to carry the new price. The Coinlens score moves slowly on purpose, so a pump lifts a coin only a few places.',
      ],
      vi: [
        'Các vụ pump nhắm vào đồng coin có sổ lệnh mỏng: vài trăm nghìn đô la có thể làm giá tăng gấp đôi. Người tổ chức mua trước, loan tin, rồi bán cho người chạy theo trong vài phút đến vài giờ.',
        'Dấu hiệu cảnh báo: giá tăng vọt mà không có tin tức, khối lượng gấp nhiều lần trung bình, và sổ lệnh quá mỏng để giữ mức giá mới. Điểm Coinlens cố ý thay đổi chậm, nên một vụ pump chỉ đẩy đồng coin lên vài bậc.',
      ],
      'zh-Hans': [
        '拉盘针对订单簿很薄的币种：几十万美元就能让价格翻倍。组织者先买入，再放出消息，然后在几分钟到几小时内卖给跟风者。',
        '预警信号：没有消息的价格暴涨、成交量数倍于平均水平、订单簿薄到撑不住新价格。币镜评分有意变化缓慢，因此拉盘只能让币种排名上升几位。',
      ],
    },
  },
];
