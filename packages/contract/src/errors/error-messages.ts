import type { AppLanguage } from '../i18n/languages.js';
import { FOLLOW_LIMIT } from '../validation/limits.js';
import { ErrorCode, isErrorCode } from './error-codes.js';
import type { Localised, LocalisedText } from '../i18n/localised-text.js';

// Texts shared by several codes.
const loginFailed: LocalisedText = { en: 'Login failed', vi: 'Đăng nhập thất bại', 'zh-Hans': '登录失败' };
const alreadyExists: LocalisedText = { en: 'Already exists', vi: 'Đã tồn tại', 'zh-Hans': '已存在' };
const duplicate: LocalisedText = { en: 'Duplicate', vi: 'Bị trùng lặp', 'zh-Hans': '重复' };
const alreadyRated: LocalisedText = { en: 'Already rated', vi: 'Bạn đã đánh giá rồi', 'zh-Hans': '已评分' };
const cannotRateOwnCourse: LocalisedText = {
  en: 'Cannot rate your own course',
  vi: 'Không thể đánh giá khóa học của chính mình',
  'zh-Hans': '不能给自己的课程评分',
};
const likeError: LocalisedText = { en: 'Like error', vi: 'Thích không thành công', 'zh-Hans': '点赞出错' };
const recommenderIsSelf: LocalisedText = {
  en: 'Recommender cannot be yourself',
  vi: 'Người giới thiệu không thể là chính bạn',
  'zh-Hans': '推荐人不能是自己',
};
const referrerAlreadySet: LocalisedText = {
  en: 'Referrer already set',
  vi: 'Đã thiết lập người giới thiệu',
  'zh-Hans': '已设置推荐人',
};

/** The `msg` of every catalogue code; English keeps the catalogue's original wording. */
export const ERROR_MESSAGES: Readonly<Record<ErrorCode, LocalisedText>> = {
  [ErrorCode.Success]: { en: 'Success', vi: 'Thành công', 'zh-Hans': '成功' },
  [ErrorCode.SessionExpired]: {
    en: 'Session expired, please log in again',
    vi: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại',
    'zh-Hans': '登录已过期，请重新登录',
  },
  [ErrorCode.SystemError]: { en: 'System error', vi: 'Lỗi hệ thống', 'zh-Hans': '系统错误' },
  [ErrorCode.NotLoggedIn]: { en: 'Not logged in', vi: 'Chưa đăng nhập', 'zh-Hans': '未登录' },
  [ErrorCode.TokenInvalid]: {
    en: 'Token verification failed',
    vi: 'Xác thực token thất bại',
    'zh-Hans': '令牌校验失败',
  },
  [ErrorCode.AbnormalAccount]: {
    en: 'Abnormal account status',
    vi: 'Trạng thái tài khoản bất thường',
    'zh-Hans': '账号状态异常',
  },
  [ErrorCode.LoginRequired]: {
    en: 'Not logged in, cannot access',
    vi: 'Chưa đăng nhập, không thể truy cập',
    'zh-Hans': '未登录，无法访问',
  },
  [ErrorCode.PermissionDenied]: {
    en: 'Permission denied',
    vi: 'Không có quyền truy cập',
    'zh-Hans': '没有权限',
  },
  [ErrorCode.RestrictedUser]: { en: 'Restricted user', vi: 'Người dùng bị hạn chế', 'zh-Hans': '受限用户' },
  [ErrorCode.CannotLogOut]: { en: 'Cannot log out', vi: 'Không thể đăng xuất', 'zh-Hans': '无法退出登录' },
  [ErrorCode.WrongPassword]: { en: 'Wrong password', vi: 'Sai mật khẩu', 'zh-Hans': '密码错误' },
  [ErrorCode.ParameterInvalid]: {
    en: 'Parameter validation error',
    vi: 'Lỗi xác thực tham số',
    'zh-Hans': '参数校验错误',
  },
  [ErrorCode.Failed]: { en: 'Failed', vi: 'Thất bại', 'zh-Hans': '失败' },
  [ErrorCode.NotFound]: { en: 'Not found', vi: 'Không tìm thấy', 'zh-Hans': '未找到' },
  [ErrorCode.SettingSucceeded]: {
    en: 'Setting succeeded',
    vi: 'Thiết lập thành công',
    'zh-Hans': '设置成功',
  },
  [ErrorCode.SettingFailed]: { en: 'Setting failed', vi: 'Thiết lập thất bại', 'zh-Hans': '设置失败' },
  [ErrorCode.WalletAddressRequired]: {
    en: 'Wallet address is required',
    vi: 'Vui lòng nhập địa chỉ ví',
    'zh-Hans': '钱包地址不能为空',
  },
  [ErrorCode.WalletAddressInvalid]: {
    en: 'Wallet address format incorrect',
    vi: 'Địa chỉ ví không đúng định dạng',
    'zh-Hans': '钱包地址格式不正确',
  },
  [ErrorCode.FollowSucceeded]: {
    en: 'Successfully followed',
    vi: 'Theo dõi thành công',
    'zh-Hans': '关注成功',
  },
  [ErrorCode.UnfollowSucceeded]: {
    en: 'Successfully canceled',
    vi: 'Hủy theo dõi thành công',
    'zh-Hans': '取消关注成功',
  },
  [ErrorCode.LimitExceeded]: {
    en: `Quantity exceeds the limit, cannot exceed ${FOLLOW_LIMIT} items`,
    vi: `Số lượng vượt quá giới hạn, không được quá ${FOLLOW_LIMIT} mục`,
    'zh-Hans': `数量超出限制，不能超过${FOLLOW_LIMIT}个`,
  },
  [ErrorCode.WalletBalanceInsufficient]: {
    en: 'Wallet balance not enough',
    vi: 'Số dư ví không đủ',
    'zh-Hans': '钱包余额不足',
  },
  [ErrorCode.LoginFailed]: loginFailed,
  [ErrorCode.LoginFailed40002]: loginFailed,
  [ErrorCode.LoginFailed40003]: loginFailed,
  [ErrorCode.LoginFailed40004]: loginFailed,
  [ErrorCode.OldPasswordWrong]: {
    en: 'Old password is wrong',
    vi: 'Mật khẩu cũ không đúng',
    'zh-Hans': '原密码错误',
  },
  [ErrorCode.PasswordChangeFailed]: {
    en: 'Password modification failed',
    vi: 'Đổi mật khẩu thất bại',
    'zh-Hans': '密码修改失败',
  },
  [ErrorCode.MobileExists]: {
    en: 'Same mobile number exists',
    vi: 'Số điện thoại đã tồn tại',
    'zh-Hans': '手机号已存在',
  },
  [ErrorCode.EmailExists]: { en: 'Same email exists', vi: 'Email đã tồn tại', 'zh-Hans': '邮箱已存在' },
  [ErrorCode.WalletAddressExists]: {
    en: 'Same wallet address exists',
    vi: 'Địa chỉ ví đã tồn tại',
    'zh-Hans': '钱包地址已存在',
  },
  [ErrorCode.WalletAddressNotFound]: {
    en: 'Wallet address does not exist',
    vi: 'Địa chỉ ví không tồn tại',
    'zh-Hans': '钱包地址不存在',
  },
  [ErrorCode.ClusterDisbanded]: { en: 'Cluster disbanded', vi: 'Nhóm đã giải tán', 'zh-Hans': '群组已解散' },
  [ErrorCode.InformationSubmitted]: {
    en: 'Information has been submitted',
    vi: 'Thông tin đã được gửi',
    'zh-Hans': '信息已提交',
  },
  [ErrorCode.LikeLimitExceeded]: {
    en: 'Likes exceed the maximum',
    vi: 'Số lượt thích đã vượt quá giới hạn',
    'zh-Hans': '点赞次数已达上限',
  },
  [ErrorCode.AlreadyLiked]: { en: 'Already liked', vi: 'Bạn đã thích rồi', 'zh-Hans': '已点赞' },
  [ErrorCode.CannotLikeSelf]: {
    en: 'Cannot like yourself',
    vi: 'Không thể tự thích nội dung của mình',
    'zh-Hans': '不能给自己点赞',
  },
  [ErrorCode.AlreadyCollected]: { en: 'Already collected', vi: 'Bạn đã lưu rồi', 'zh-Hans': '已收藏' },
  [ErrorCode.CannotCollectSelf]: {
    en: 'Cannot collect yourself',
    vi: 'Không thể lưu nội dung của chính mình',
    'zh-Hans': '不能收藏自己的内容',
  },
  [ErrorCode.AlreadyCommented]: { en: 'Already commented', vi: 'Bạn đã bình luận rồi', 'zh-Hans': '已评论' },
  [ErrorCode.TitleExists]: { en: 'Same title exists', vi: 'Tiêu đề đã tồn tại', 'zh-Hans': '标题已存在' },
  [ErrorCode.CannotFollowSelf]: {
    en: 'Cannot follow yourself',
    vi: 'Không thể tự theo dõi chính mình',
    'zh-Hans': '不能关注自己',
  },
  [ErrorCode.ColumnHasArticles]: {
    en: 'Column has articles, cannot delete',
    vi: 'Chuyên mục vẫn còn bài viết, không thể xóa',
    'zh-Hans': '专栏下有文章，无法删除',
  },
  [ErrorCode.AlreadyExists]: alreadyExists,
  [ErrorCode.AlreadyExists801114]: alreadyExists,
  [ErrorCode.AlreadyExists807003]: alreadyExists,
  [ErrorCode.Duplicate]: duplicate,
  [ErrorCode.Duplicate801116]: duplicate,
  [ErrorCode.Duplicate801117]: duplicate,
  [ErrorCode.Duplicate801118]: duplicate,
  [ErrorCode.Duplicate801119]: duplicate,
  [ErrorCode.ReviewNotPassed]: { en: 'Review not passed', vi: 'Chưa được duyệt', 'zh-Hans': '审核未通过' },
  [ErrorCode.ReviewPassed]: { en: 'Review passed', vi: 'Đã được duyệt', 'zh-Hans': '审核已通过' },
  [ErrorCode.NotReviewed]: { en: 'Not reviewed yet', vi: 'Chưa xét duyệt', 'zh-Hans': '尚未审核' },
  [ErrorCode.Reviewed]: { en: 'Already reviewed', vi: 'Đã xét duyệt', 'zh-Hans': '已审核' },
  [ErrorCode.NotDaoMember]: {
    en: 'Not a DAO member',
    vi: 'Bạn không phải thành viên DAO',
    'zh-Hans': '您不是DAO成员',
  },
  [ErrorCode.AlreadyRated]: alreadyRated,
  [ErrorCode.AlreadyRated803000]: alreadyRated,
  [ErrorCode.CannotRateOwnCourse]: cannotRateOwnCourse,
  [ErrorCode.CannotRateOwnCourse803001]: cannotRateOwnCourse,
  [ErrorCode.CommentEmpty]: {
    en: 'Comment cannot be empty',
    vi: 'Bình luận không được để trống',
    'zh-Hans': '评论不能为空',
  },
  [ErrorCode.LikeError]: likeError,
  [ErrorCode.LikeError802002]: likeError,
  [ErrorCode.NotCircleOwner]: {
    en: 'Not the circle owner',
    vi: 'Bạn không phải chủ nhóm',
    'zh-Hans': '您不是圈主',
  },
  [ErrorCode.NotJoined]: { en: 'Not joined', vi: 'Bạn chưa tham gia', 'zh-Hans': '尚未加入' },
  [ErrorCode.AlreadyJoined]: { en: 'Already joined', vi: 'Bạn đã tham gia rồi', 'zh-Hans': '已加入' },
  [ErrorCode.TooFrequent]: {
    en: 'Too frequent, retry later',
    vi: 'Thao tác quá thường xuyên, vui lòng thử lại sau',
    'zh-Hans': '操作过于频繁，请稍后重试',
  },
  [ErrorCode.BettingEnded]: {
    en: 'Betting has ended',
    vi: 'Đã hết thời gian đặt cược',
    'zh-Hans': '投注已结束',
  },
  [ErrorCode.WalletFormatError]: {
    en: 'Wallet format error',
    vi: 'Định dạng ví không đúng',
    'zh-Hans': '钱包格式错误',
  },
  [ErrorCode.RecommenderIsSelf]: recommenderIsSelf,
  [ErrorCode.RecommenderIsSelf804113]: recommenderIsSelf,
  [ErrorCode.RecommenderRequired]: {
    en: 'Please bind the recommender',
    vi: 'Vui lòng liên kết người giới thiệu',
    'zh-Hans': '请绑定推荐人',
  },
  [ErrorCode.RecommenderNotFound]: {
    en: 'Recommender does not exist',
    vi: 'Người giới thiệu không tồn tại',
    'zh-Hans': '推荐人不存在',
  },
  [ErrorCode.ReferrerAlreadySet]: referrerAlreadySet,
  [ErrorCode.ReferrerAlreadySet804112]: referrerAlreadySet,
  [ErrorCode.ParameterError]: { en: 'Parameter error', vi: 'Lỗi tham số', 'zh-Hans': '参数错误' },
  [ErrorCode.NoNodeAvailable]: {
    en: 'No node available',
    vi: 'Không có nút khả dụng',
    'zh-Hans': '没有可用节点',
  },
  [ErrorCode.StakeSucceeded]: { en: 'Staked successfully', vi: 'Stake thành công', 'zh-Hans': '质押成功' },
  [ErrorCode.UnstakeSucceeded]: {
    en: 'Unstaked successfully',
    vi: 'Hủy stake thành công',
    'zh-Hans': '解除质押成功',
  },
  [ErrorCode.NotRegisteredOrLoggedIn]: {
    en: 'Not registered or not logged in',
    vi: 'Chưa đăng ký hoặc chưa đăng nhập',
    'zh-Hans': '未注册或未登录',
  },
  [ErrorCode.InviteCodeError]: { en: 'Invite code error', vi: 'Mã mời không đúng', 'zh-Hans': '邀请码错误' },
  [ErrorCode.UserInfoError]: {
    en: 'User info error',
    vi: 'Thông tin người dùng không đúng',
    'zh-Hans': '用户信息错误',
  },
  [ErrorCode.AlreadyAppointed]: {
    en: 'Already made an appointment',
    vi: 'Bạn đã đặt lịch hẹn rồi',
    'zh-Hans': '您已预约',
  },
  [ErrorCode.MessagingRequiresLogin]: {
    en: 'Not logged in, cannot send messages',
    vi: 'Chưa đăng nhập, không thể gửi tin nhắn',
    'zh-Hans': '未登录，无法发送消息',
  },
  [ErrorCode.AppointmentRequiresLogin]: {
    en: 'Not logged in, cannot make an appointment',
    vi: 'Chưa đăng nhập, không thể đặt lịch hẹn',
    'zh-Hans': '未登录，无法预约',
  },
};

/** The message of a code in `lang`; a code outside the catalogue reads as 1001 System error. */
export function errorMessage(code: number, lang: AppLanguage): string {
  const known = isErrorCode(code) ? code : ErrorCode.SystemError;
  return ERROR_MESSAGES[known][lang];
}

const fieldSeparator: LocalisedText = { en: ': ', vi: ': ', 'zh-Hans': '：' };
const detailBrackets: Localised<readonly [string, string]> = {
  en: [' (', ')'],
  vi: [' (', ')'],
  'zh-Hans': ['（', '）'],
};

/**
 * The 50500 message naming the offending field, e.g. "Parameter validation error: email (Email format
 * incorrect)". `detail` is already in `lang` (typically a `validationMessage`).
 */
export function parameterErrorMessage(field: string, detail: string | null, lang: AppLanguage): string {
  let text = errorMessage(ErrorCode.ParameterInvalid, lang);
  if (field !== '') text += fieldSeparator[lang] + field;
  if (detail !== null && detail !== '') {
    const [open, close] = detailBrackets[lang];
    text += field === '' ? fieldSeparator[lang] + detail : open + detail + close;
  }
  return text;
}
