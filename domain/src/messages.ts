/**
 * The message catalogue: every user-facing string, keyed by meaning. English values are the
 * spec's text verbatim (SPEC §2, §5, §8). Bengali is the same keys in `messages-bn.ts`, loaded on
 * demand (`loadCatalogue('bn')`) so the apps' first load carries English only (decision 0024).
 * `{name}` marks a value filled in by `formatMessage`.
 */
const en = {
  // —— Product ——
  'app.title': 'Puja NOC Portal',
  'app.municipality': 'Municipality',
  'app.loading': 'Loading...',

  // —— Common actions (staff console dialogs and tables) ——
  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.save': 'Save',
  'common.delete': 'Delete',
  'common.edit': 'Edit',
  'common.actions': 'Actions',
  'common.number': 'No.',
  'common.confirmTitle': 'Please confirm',

  // —— Review states (SPEC §4) ——
  'status.Approved': 'Approved',
  'status.Rejected': 'Rejected',
  'status.Pending': 'Pending',
  'date.notAvailable': 'N/A',

  // —— Seasons (issue 20, decision 0029) ——
  'seasons.title': 'Seasons',
  'seasons.year': 'Year',
  'seasons.opensOn': 'Applications open on',
  'seasons.closesOn': 'Last day for applications',
  'seasons.dates': 'Dates',
  'seasons.closesOnHint': 'Leave empty to keep applications open until you close them.',
  'seasons.pujaStartsOn': 'First day of the puja',
  'seasons.state.upcoming': 'Upcoming',
  'seasons.state.open': 'Open',
  'seasons.state.closed': 'Closed',
  'seasons.current': 'Current season',
  'seasons.selector': 'Season',
  'seasons.add': 'Open the next season',
  'seasons.edit': 'Edit season {year}',
  'seasons.closeNow': 'Close applications',
  'seasons.noCloseDate': 'Until closed by staff',
  'seasons.fetchFailed': 'Could not fetch seasons.',
  'seasons.added': 'Season added.',
  'seasons.updated': 'Season saved.',
  'seasons.saveFailed': 'Could not save the season.',
  'seasons.invalidYear': 'Please enter a valid year.',
  'seasons.invalidDate': 'Please enter a valid date.',
  'seasons.closeBeforeOpen': 'The last day for applications cannot be before the day they open.',
  'seasons.yearNotAfterLatest': 'The new season must come after the latest season.',
  'seasons.currentStillOpen':
    'The season before is still open on that day. Close it first, or open this season after it closes.',
  'seasons.overlapsNext': 'This season must close before the next season opens.',
  'seasons.notFound': 'Season not found.',
  'seasons.window.opensOn': 'Applications for Durga Puja {year} open on {date}.',
  'seasons.window.open': 'Applications for Durga Puja {year} are open.',
  'seasons.window.openUntil': 'Applications for Durga Puja {year} are open until {date}.',
  'seasons.window.closedOn': 'Applications for Durga Puja {year} closed on {date}.',
  'seasons.previousSeasons': 'Previous seasons',
  'seasons.pastApplication': 'Durga Puja {year}',
  'seasons.result.issued': 'NOC issued',
  'seasons.result.refused': 'NOC not granted',
  'seasons.result.undecided': 'No decision was made',
  'seasons.printCertificate': 'Print the {year} certificate',
  'seasons.checkCertificate': 'Check the {year} certificate',
  'seasons.pastReadOnly':
    'This application is from the {year} season and can no longer be changed.',
  // —— Staff: the Seasons screen and the season selector (issue 20, decision 0035) ——
  'nav.seasons': 'Seasons',
  'nav.holidays': 'Holidays',
  'seasons.empty': 'No seasons yet.',
  'seasons.saving': 'Saving the season…',
  'seasons.addConfirm':
    'Open the {year} season? Applications open on {date}, and every club that applied in {previous} gets a mail that day.',
  'seasons.closeConfirm':
    'Close applications for Durga Puja {year}? The last day for applications becomes {date}, and clubs can no longer apply after it.',
  'seasons.confirmAdd': 'Open the season',
  'seasons.selectorCurrent': '{year} (current)',
  'seasons.viewingPast':
    'You are looking at the {year} season. It takes no new applications; those not yet decided are still reviewed until its review is closed.',
  'seasonCompare.title': 'This season and the one before',
  'seasonCompare.hint': 'The selected season beside the season before it.',
  'seasonCompare.measure': 'Measure',
  'seasonCompare.applications': 'Applications',
  'seasonCompare.issued': 'NOCs issued',
  'seasonCompare.medianDays': 'Median days to issue',
  'seasonCompare.days': '{count} days',
  'seasonCompare.none': 'No NOC issued',
  'seasonCompare.noPrevious': 'There is no season before {year} to compare with.',
  'applyNoc.seasonNotOpen': 'Applications for this season are not open yet.',
  'applyNoc.seasonClosed': 'Applications for this season are closed.',
  'applyNoc.prefilled':
    'Your details are filled in from your {year} application. Check them and change anything that is different this year.',
  'applyNoc.reuseLandDocument': "Use last year's land document",
  'applyNoc.landDocumentReused': "Last year's land document will be used.",
  'applyNoc.landDocumentNotReusable':
    "Last year's land document can be used only when the land type is unchanged.",
  'applications.pastSeason':
    'This application belongs to a past season and can no longer be changed.',
  'applications.documentsRemoved': 'Documents removed under the retention policy on {date}',
  'applications.history.purgeDocuments': 'Documents removed under the retention policy',
  'role.system': 'System',
  'clubMail.seasonOpened.subject': 'Applications for the Durga Puja {year} NOC are open',
  'clubMail.seasonOpened.body':
    'Dear {club},\n\nApplications for the Durga Puja {year} NOC open on {opens}. Last day: {closes}.\n\nYour details from last year are ready to reuse: log in and apply here:\n{link}',
  'clubMail.seasonOpened.noCloseDate': 'until the municipality closes applications',
  // —— A season change never freezes unfinished work (issue 27) ——
  'seasons.result.underReview': 'Still under review',
  'seasons.continuingClub':
    'Your application for Durga Puja {year} is still under review. You can go on with it here.',
  'applications.reviewClosed':
    'The review of this season is closed: this application can no longer be changed.',
  'seasons.reviewClosedNote':
    'The review of the {year} season was closed on {date}. Its applications can no longer be changed; an issued NOC can still be withdrawn by the chairman.',
  'seasons.continuingNote':
    'The {year} season is closed to new applications, but its review goes on: this application can still be reviewed and decided.',
  'seasons.openApplications': 'Still open',
  'seasons.openNone': 'None',
  'seasons.openCount': '{count} open',
  'seasons.openLink': 'Show the {year} applications',
  'seasons.openTitle': 'Applications of {year} still open',
  'seasons.openLeftOpen':
    'These applications stay open: staff go on reviewing them, clubs go on uploading, and the chairman decides them in {year}.',
  'seasons.reviewClosed': 'Review closed on {date}',
  'seasons.closeReview': 'Close the review of {year}',
  'seasons.closeReviewText':
    'Closing the review of {year} ends every application of the season that is still open: nobody can review, upload or decide them any more, and each affected club is told by e-mail. Issued NOCs stay valid (the chairman can still withdraw one).',
  'seasons.closeReviewNoneOpen': 'No application of {year} is still open.',
  'seasons.closeReviewReason': 'Reason (sent to the clubs)',
  'seasons.closeReviewConfirm': 'Close the review',
  'seasons.reviewClosedDone': 'The review of the season is closed.',
  'seasons.reviewNotClosable':
    'The review of a season can be closed only after its applications have closed.',
  'seasons.reviewAlreadyClosed': 'The review of this season is already closed.',
  'seasons.reasonRequired': 'Please give a reason.',
  'clubMail.reviewClosed.subject': 'The review of your Durga Puja {year} NOC application has ended',
  'clubMail.reviewClosed.body':
    'Dear {club},\n\nThe municipality has closed the review of the Durga Puja {year} NOC applications. Your application (no. {regNo}) was not decided and can no longer be changed.\n\nReason: {reason}\n\nIf you need a NOC, please contact the municipality.',

  // —— Public layout and navigation (SPEC §2) ——
  'nav.home': 'Home',
  'nav.dashboard': 'Dashboard',
  'nav.logout': 'Logout',
  'nav.clubLogin': 'Club Login',
  'nav.registerClub': 'Register Club',
  // Issue 27: the club's Account page (hand-over) and the privacy notice.
  'nav.account': 'Account',
  'nav.privacy': 'Privacy notice',
  'nav.club': 'Club',
  'nav.allNocs': 'All NOCs',
  'nav.issuedNocs': 'Issued NOCs',
  'nav.manageUsers': 'Manage Users',
  'nav.documentReview': 'Document Review',
  'nav.chairmanReview': 'Chairman Review',
  'staffPanel.title': '{role} Panel',
  'role.admin': 'Admin',
  'role.store': 'Store',
  'role.chairman': 'Chairman',
  'role.club': 'Club',

  // —— Error and unauthorized pages (SPEC §2, §8) ——
  'unauthorized.title': 'Unauthorized Access',
  'errorPage.title': 'Oops! Sorry, an unexpected error has occurred.',
  'errorPage.goHome': 'Go back Home',
  'errorPage.notFound': 'Not Found',

  // —— Registration (SPEC §2, §5, §8) ——
  'registration.title': 'Club Registration',
  'registration.requiredDocumentsTitle': 'Documents you will need',
  'registration.document.chairmanApplication': 'Chairman Application Copy',
  'registration.document.sdoPermission': "Previous Year's S.D.O. Permission",
  'registration.document.committeeList': 'Puja Committee List',
  'registration.document.budget': 'Puja Budget Document',
  'registration.document.land': 'Land-Related Document (Deed or Agreement)',
  'registration.tutorialVideo': 'Watch the tutorial video',
  'registration.field.club': 'Club Name',
  'registration.field.clubSearchPlaceholder': 'Search your club',
  'registration.field.govtRegisterNo': 'Govt. Registration No. (optional)',
  'registration.field.email': 'Email',
  'registration.field.phone': 'Phone',
  'registration.field.address': 'Full Address',
  'registration.field.wardNo': 'Ward No.',
  'registration.field.password': 'Password',
  'registration.submit': 'Register Now',
  'registration.loginLink': 'Already have an account? Login',
  'registration.selectClub': 'Please select a club from the list.',
  'registration.clubNotFound': 'Club not found. Please contact the authority.',
  'registration.loading': 'Registering club...',
  'registration.success': 'Registration successful! Please login.',
  'registration.alreadyRegistered': 'This club is already registered.',
  'registration.checkEmail':
    'Check your e-mail: we have sent a link to confirm the registration. The club is registered once you open it.',
  'registration.checkEmailTitle': 'Check your e-mail',
  'registration.checkEmailBody':
    'We have sent a confirmation link to {email}. Open it to finish registering {club}: until then the club is not registered.',
  'registration.checkEmailSpam':
    'No mail after a few minutes? Look in the spam folder, or register again with the right address.',
  'registration.confirmTitle': 'Confirm your registration',
  'registration.confirming': 'Confirming your registration...',
  'registration.confirmed': 'Your registration is confirmed. You can now log in.',
  'registration.confirmExpired': 'This confirmation link has expired. Please register again.',
  'registration.confirmInvalid':
    'This confirmation link is not valid. Open the link from your e-mail exactly as it came, or register again.',
  'registration.goToLogin': 'Go to login',
  'registration.registerAgain': 'Register again',
  'registration.unknownError': 'An unknown error occurred.',
  'registration.clubInactive': 'This club is not active. Please contact the authority.',
  // —— Registration confirmed by a code sent by SMS (issue 23, decision 0034) ——
  'registration.checkPhone':
    'We have sent a 6-digit code by SMS to your phone. Enter it to finish the registration.',
  'registration.codeTitle': 'Enter the code from the SMS',
  'registration.codeBody':
    'We have sent a 6-digit code by SMS to {phone}. Enter it to finish registering {club}: until then the club is not registered.',
  'registration.codeField': '6-digit code',
  'registration.codeHint': 'The code works for 10 minutes. You have 5 tries.',
  'registration.codeSubmit': 'Confirm registration',
  'registration.codeChecking': 'Checking the code...',
  'registration.codeFormat': 'Enter the 6-digit code from the SMS.',
  'registration.codeWrong': 'This code is not right.',
  'registration.codeTriesLeft': 'Tries left: {tries}.',
  'registration.codeTooManyTries': 'Too many wrong codes. Ask for a new code.',
  'registration.codeExpired': 'This code has expired. Ask for a new code.',
  'registration.codeResend': 'Send a new code',
  'registration.codeResendIn': 'Send a new code in {seconds} s',
  'registration.codeResending': 'Sending a new code...',
  'registration.codeResent': 'A new code has been sent by SMS.',
  'registration.codeResendWait': 'Please wait a minute before asking for a new code.',
  'registration.codeRateLimited':
    'Too many codes were asked for this number or from this device. Please try again in an hour.',
  'registration.codeUnknown':
    'This registration has expired or is not known. Please register again.',
  'clubs.fetchFailed': 'Could not fetch clubs.',

  // —— Logins (SPEC §2, §5, §8) ——
  'login.title': 'Club Login',
  'login.field.email': 'Email',
  'login.field.password': 'Password',
  'login.submit': 'Login',
  'login.forgotPassword': 'Forgot password',
  'login.registerLink': "Don't have an account? Register Now",
  'login.loading': 'Logging in...',
  'login.success': 'Login successful!',
  'login.failed': 'Login failed.',
  'login.invalidCredentials': 'Invalid email or password.',
  'login.tooManyAttempts': 'Too many login attempts. Please wait a few minutes and try again.',
  'officialLogin.title': 'Official Login',
  'officialLogin.hint': 'This panel is for authorized Admin, Store, and Chairman users only.',

  // —— Forgot password (SPEC §2, §5, §8) ——
  'forgotPassword.title': 'Reset Password',
  'forgotPassword.hint': 'We will send a new password to your e-mail.',
  'forgotPassword.submit': 'Send Password',
  'forgotPassword.emailRequired': 'Please enter your email address.',
  'forgotPassword.sentTitle': 'Request Sent!',
  'forgotPassword.loading': 'Sending password reset request...',
  'forgotPassword.success': 'Password has been sent to your email!',
  'forgotPassword.failed': 'Failed to reset password.',
  'forgotPassword.error': 'An error occurred.',
  'forgotPassword.mailSubject': 'Your new Puja NOC Portal password',
  'forgotPassword.mailBody':
    'A new password was requested for your Puja NOC Portal account.\n\nTemporary password: {password}\n\nIt works once, within one hour. After logging in with it you will choose a new password. Your current password keeps working until then; if you did not ask for this, ignore this e-mail.',

  // —— Change password (own account; forced after a temporary password) ——
  'changePassword.title': 'Change Password',
  'changePassword.hint': 'Please choose a new password before you continue.',
  'changePassword.field.current': 'Current password',
  'changePassword.field.new': 'New password',
  'changePassword.submit': 'Change Password',
  'changePassword.loading': 'Changing password...',
  'changePassword.success': 'Your password has been changed.',
  'changePassword.failed': 'Failed to change password.',
  'changePassword.currentRequired': 'Please enter your current password.',
  'changePassword.currentWrong': 'The current password is not correct.',
  'changePassword.required': 'Please choose a new password before you continue.',

  // —— Generic validation (SPEC §5) ——
  'validation.emailRequired': 'Email is required.',
  'validation.emailInvalid': 'Please enter a valid email address.',
  'validation.passwordRequired': 'Password is required.',
  'validation.phoneRequired': 'Phone is required.',
  'validation.phoneInvalid': 'Please enter a valid phone number.',
  'validation.addressRequired': 'Address is required.',
  'validation.wardRequired': 'Ward No. is required.',
  'validation.wardRange': 'Ward No. must be between 1 and 25.',
  'validation.nameRequired': 'Name is required.',
  'validation.roleRequired': 'Role is required.',
  'validation.roleNotAllowed': 'Only chairman or store users can be created.',
  'validation.clubNameRequired': 'Club name is required.',
  'validation.passwordTooShort': 'Password must be at least 8 characters.',
  'validation.fileHint': 'pdf size max 3mb',
  'validation.fileType': 'Only images (JPEG, PNG, WebP) or PDF files are allowed.',
  'validation.fileTooLarge': 'Each file must be 3 MB or smaller.',
  'validation.fileEmpty': 'The file is empty.',
  'validation.imageTooLarge':
    'This image is too large: at most 12000 pixels on a side and 50 megapixels. Please resize it and upload again.',
  'validation.imageUnreadable': 'This image could not be read. Please save it again and upload it.',
  'validation.pdfActiveContent':
    'This PDF contains scripts, attached files or automatic actions, which are not allowed. Please print it to a new PDF (or scan the paper) and upload that.',
  'validation.pdfUnreadable':
    'This PDF could not be read: it may be damaged, password-protected or too complex. Please save or scan it again and upload the new file.',
  'validation.invalidRequest': 'The request is not valid.',
  'validation.textTooLong': 'A field is too long.',

  // —— Club dashboard (SPEC §2) ——
  'clubDashboard.noApplication': 'No Application Found',
  'clubDashboard.applyButton': 'Apply for {year} Durga puja NOC',
  'clubDashboard.actionRequired': 'Action Required',
  'clubDashboard.actionRequiredText':
    'Print the acknowledgement, get it signed and stamped, and upload the signed copy.',
  'clubDashboard.printAcknowledgement': 'Print Acknowledgement',
  'clubDashboard.signedFormLabel': 'Signed acknowledgement (image or pdf)',
  'clubDashboard.uploadNow': 'Upload Now',
  'clubDashboard.welcome': 'Welcome, {name}',
  'clubDashboard.applicationInfo': 'Application Info',
  'clubDashboard.applicationNo': 'Application No',
  'clubDashboard.applicationDate': 'Application Date',
  'clubDashboard.applyingYear': 'Applying Year',
  'clubDashboard.clubDetails': 'Club Details',
  'clubDashboard.certificateReady': 'Your NOC Certificate is Ready!',
  'clubDashboard.printCertificate': 'Print Certificate',
  'clubDashboard.reupload': 'Re-upload',

  // —— Progress tracker (SPEC §4) ——
  'tracker.submitted': 'Submitted',
  'tracker.acknowledgement': 'Acknowledgement Review',
  'tracker.chairmanApplication': 'Chairman Application Review',
  'tracker.certificate': 'Previous year SDO Certificate Review',
  'tracker.agreement': 'Land Agreement Review',
  'tracker.finalApproval': 'Final Approval',
  'tracker.nocIssued': 'NOC Issued',
  'tracker.noReason': 'No reason provided.',

  // —— Apply NOC (SPEC §2, §5, §8) ——
  'applyNoc.title': 'Apply for NOC Durga puja {year}',
  'applyNoc.submit': 'Submit and Next',
  'applyNoc.section.club': 'Your Club Details',
  'applyNoc.section.puja': 'Puja Details',
  'applyNoc.section.clubAuthority': 'Club Authority Details',
  'applyNoc.section.pujaCommittee': 'Puja Committee Details',
  'applyNoc.section.land': 'Land Details & Document',
  'applyNoc.section.otherDocuments': 'Upload Other Documents',
  'applyNoc.incomplete': 'Please fill all fields and upload all 5 documents.',
  'applyNoc.loading': 'Submitting application...',
  'applyNoc.success': 'Application submitted! Please proceed to the next step.',
  'applyNoc.failed': 'Submission failed.',
  'applyNoc.alreadyApplied': 'You have already applied for an NOC.',
  'applyNoc.clubInactive':
    'Your club is not active, so a new application cannot be submitted. Please contact the authority.',
  'applyNoc.landType.own': 'Own',
  'applyNoc.landType.others': 'Others',

  // —— Documents (SPEC §3) ——
  'document.acknowledgement': 'Acknowledgement',
  'document.chairman_application_certificate': 'Chairman Application',
  'document.certificate': 'Previous Year S.D.O Permission',
  'document.agreement': 'Land Agreement',
  'document.puja_committee': 'Puja Committee List',
  'document.puja_budget': 'Puja Budget',
  'document.landOwn': 'Holding / Khatian / Land Deed',
  'document.landOthers': 'Land Agreement Paper',

  // —— Print acknowledgement (SPEC §2) ——
  'acknowledgement.back': 'Back',
  'acknowledgement.printNow': 'Print Now',
  'acknowledgement.notFound': 'Application not found.',
  'acknowledgement.summary': 'Application Summary',
  'acknowledgement.clubAndPuja': 'Club & Puja Information',
  'acknowledgement.authorities': 'Club & Puja Committee Authorities',
  'acknowledgement.documents': 'Submitted Documents',
  'acknowledgement.declaration':
    'I declare that the information and documents submitted are true. If any of them is found to be false, I shall be responsible for it.',
  'acknowledgement.signature': "Secretary's Signature",
  'acknowledgement.clubName': 'Club Name',
  'acknowledgement.pujaWardNo': 'Puja Location Ward No.',
  'acknowledgement.pujaLocation': 'Puja Location',
  'acknowledgement.contactEmail': 'Contact Email',
  'acknowledgement.clubPresident': 'Club President',
  'acknowledgement.clubSecretary': 'Club Secretary',
  'acknowledgement.pujaPresident': 'Puja President',
  'acknowledgement.pujaSecretary': 'Puja Secretary',
  'acknowledgement.person': '{name} ({phone})',
  'acknowledgement.documentSubmitted': 'Submitted',
  'acknowledgement.landDocument': 'Land Document ({landType})',

  // —— Certificate letter (SPEC §2 "Certificate print", §9) ——
  'certificate.title': 'No Objection Certificate',
  'certificate.office': 'Office of the Chairman',
  'certificate.memoNo': 'Memo No.: {memo}',
  'certificate.regNo': 'Reg. No.: {regNo}',
  'certificate.date': 'Date: {date}',
  'certificate.to': 'To',
  'certificate.addressee': 'The Secretary, {club}',
  'certificate.pujaLocation': 'Puja Location: {location}, Ward No. {ward}',
  'certificate.subject': 'Sub: No Objection Certificate for holding Durga Puja {year}',
  'certificate.body':
    'With reference to your application, NOC is accorded for holding Durga Puja for the year {year} at the above location, subject to the following conditions:',
  'certificate.condition.road':
    'No road shall be occupied for the pandal or for any puja activity.',
  'certificate.condition.traffic': 'Traffic shall not be interrupted at any time.',
  'certificate.condition.streetLight': 'No street light shall be disconnected.',
  'certificate.condition.pollution':
    'The guidelines of the Pollution Control Board shall be followed.',
  'certificate.condition.stateGovernment':
    'The guidelines of the State Government shall be followed.',
  'certificate.otherPermissions':
    'This NOC does not replace the permissions of the police, the fire service and the Sub-Divisional Officer (S.D.O.), which must still be obtained.',
  'certificate.signature': 'Chairman',
  'certificate.notIssued': 'The NOC has not been issued yet.',
  'certificate.verifyCode': 'Verification code: {code}',
  'certificate.verifyScan':
    'Scan the QR code, or enter the code at {address}, to check this certificate.',
  'certificate.qrLabel': 'QR code of the verification address',

  // —— Public certificate verification (issue 12) ——
  'verify.title': 'Verify a NOC Certificate',
  'verify.intro':
    'Check that a puja NOC certificate was issued by the municipality and is still valid.',
  'verify.codeLabel': 'Verification code',
  'verify.codeHint': 'The 26 letters and digits printed under the QR code on the certificate.',
  'verify.codeInvalid': 'Enter the 26-character code exactly as printed under the QR code.',
  'verify.submit': 'Verify',
  'verify.checking': 'Checking the certificate...',
  'verify.valid': 'VALID',
  'verify.validText': 'This certificate was issued by the municipality and is valid.',
  'verify.notValid': 'NOT VALID',
  'verify.notValidText':
    'No valid certificate has this code. Check the code, or contact the municipality.',
  'verify.failed': 'The certificate could not be checked. Please try again.',
  'verify.retry': 'Try again',
  'verify.checkAnother': 'Check another code',
  'verify.codeShown': 'Code: {code}',
  'verify.fact.club': 'Club',
  'verify.fact.regNo': 'Reg. No.',
  'verify.fact.applicationNo': 'Application No.',
  'verify.fact.memoNo': 'Memo No.',
  'verify.fact.approvalDate': 'Approval date',
  'verify.fact.pujaLocation': 'Puja location',
  'verify.fact.ward': 'Ward No.',

  // —— Re-upload and acknowledgement upload (SPEC §5, §8) ——
  'reupload.noFile': 'Please select a file first.',
  'reupload.loading': 'Uploading file...',
  'reupload.success': 'File uploaded successfully! Awaiting review.',
  'reupload.failed': 'Upload failed. Please try again.',
  'reupload.notRejected': 'Only a rejected document can be uploaded again.',
  'acknowledgementUpload.missing': 'Please select a file and ensure application ID is available.',
  'acknowledgementUpload.loading': 'Uploading acknowledgement...',
  'acknowledgementUpload.success': 'Acknowledgement uploaded successfully!',
  'acknowledgementUpload.failed': 'Upload failed.',
  'acknowledgementUpload.notAllowed':
    'The acknowledgement has already been uploaded and is not rejected.',

  // —— Club portal: shell, forms and uploads (issue 8) ——
  'app.close': 'Close',
  'nav.menu': 'Menu',
  'nav.skipToContent': 'Skip to main content',
  'language.label': 'Language',
  'form.selectWard': 'Select ward',
  // —— Issue 27: hints, page titles, the reload notice, logout with unsaved edits, dates ——
  'form.hint.phone': '10-digit mobile number, e.g. 98300 12345',
  'form.hint.password': 'At least {count} characters',
  'app.pageTitle': '{page} — {app}',
  'pageTitle.applyNoc': 'Apply for NOC',
  'pageTitle.printAcknowledgement': 'Print acknowledgement',
  'pageTitle.printCertificate': 'Print certificate',
  'pageTitle.application': 'Application {number}',
  'applyNoc.documentsKept': 'Documents kept: {documents}.',
  'applyNoc.documentsToChoose':
    'Still to choose (a reload keeps only documents that had started uploading): {documents}.',
  'logout.unsaved.title': 'Log out before submitting?',
  'logout.unsaved.body':
    'Your application is not submitted yet. Logging out removes what you typed and the documents you chose from this phone.',
  'logout.unsaved.confirm': 'Log out and remove it',
  'logout.unsaved.stay': 'Stay on the form',
  'date.placeholder': 'dd/mm/yyyy',
  'seasons.missing.opensOn': 'Enter the date applications open.',
  'clubDashboard.welcomeText': 'Follow the review of your application below.',
  'clubDashboard.email': 'Email',
  'clubDashboard.phone': 'Phone',
  'clubDashboard.pujaWardNo': 'Puja Ward No.',
  'clubDashboard.govtRegisterNo': 'Govt. Reg. No.',
  'clubDashboard.pujaLocation': 'Puja Location',
  'clubDashboard.progressTitle': 'Application Progress',
  'clubDashboard.reuploadLabel': 'New file for {document}',
  'tracker.state.complete': 'Completed',
  'tracker.state.current': 'In review',
  'tracker.state.upcoming': 'Not started',
  'tracker.state.error': 'Rejected',
  'tracker.reason': 'Reason: {reason}',
  'applyNoc.field.clubName': 'Club Name',
  'applyNoc.field.email': 'Email',
  'applyNoc.field.applyYear': 'Apply Year',
  'applyNoc.field.wardNo': 'Puja Location Ward No.',
  'applyNoc.field.pujaLocation': 'Puja Location Address',
  'applyNoc.field.clubPresidentName': 'Club President Name',
  'applyNoc.field.clubPresidentPhone': 'Club President Phone',
  'applyNoc.field.clubSecretaryName': 'Club Secretary Name',
  'applyNoc.field.clubSecretaryPhone': 'Club Secretary Phone',
  'applyNoc.field.pujaPresidentName': 'Puja Committee President Name',
  'applyNoc.field.pujaPresidentPhone': 'Puja Committee President Phone',
  'applyNoc.field.pujaSecretaryName': 'Puja Committee Secretary Name',
  'applyNoc.field.pujaSecretaryPhone': 'Puja Committee Secretary Phone',
  'applyNoc.field.landType': 'Land Type',
  'applyNoc.draftRestored': 'Your typed answers were kept from last time.',
  'upload.pdfTooLarge':
    'This PDF is larger than 3 MB. Please choose a smaller PDF (scan at a lower resolution); nothing was sent.',
  'upload.imageTooLarge':
    'This photo could not be made small enough to send (500 KB). Please choose another photo.',
  'upload.preparing': 'Preparing photo...',
  'upload.chosen': 'Chosen: {name} ({size})',
  'upload.progress': 'Upload progress',
  'upload.sizeMb': '{size} MB',
  'upload.sizeKb': '{size} KB',
  'upload.retry': 'Try again',
  'upload.chooseFile': 'Choose File',
  'upload.noFileChosen': 'No file chosen',
  'upload.uploading': 'Uploading {sent} of {total} ({percent}%)',
  'upload.paused':
    'Paused: no connection. The upload continues by itself when you are back online.',
  'upload.done': 'Uploaded: {name} ({size})',
  'upload.refusedFile': '{name} was not accepted. {reason}',
  'upload.failed': 'The upload stopped. Check your connection and try again.',
  'upload.waiting': 'Waiting for the documents still uploading...',
  'upload.notFound': 'This upload was not found or has expired. Please choose the file again.',
  'upload.incomplete': 'This file has not finished uploading yet. Please wait for it to finish.',
  'upload.busyRetrying': 'The portal is busy. Your files are safe; sending again in {seconds} s.',
  'upload.limitReached':
    'Too many files are waiting to be submitted. Please submit the form or remove some files first.',
  'certificate.print': 'Print Certificate',

  // —— Staff dashboard (SPEC §2) ——
  'dashboard.totalApplications': 'Total Applications',
  'dashboard.approved': 'Approved NOC',
  'dashboard.pending': 'Pending Review',
  'dashboard.rejected': 'Rejected',
  'dashboard.fetchFailed': 'Failed to fetch dashboard stats.',
  'dashboard.hint.total': 'Every application of the season',
  'dashboard.hint.totalSplit': '{listed} in All NOCs + {awaiting} awaiting acknowledgement',
  'dashboard.hint.approved': 'The Approved tab: NOCs the chairman issued',
  'dashboard.hint.pending': 'Neither approved nor rejected yet',
  'dashboard.hint.pendingSplit': '{inReview} in review + {awaiting} awaiting acknowledgement',
  'dashboard.hint.rejected': 'The Rejected tab: a document or the final decision rejected',
  'dashboard.hint.rejectedReturned':
    'The Rejected tab; {returned} of them wait for a new document and show under Pending too',

  // —— Staff dashboard: the season at a glance (issue 13, decision 0025) ——
  'reviewStep.acknowledgement': 'Acknowledgement',
  'reviewStep.chairmanApplication': 'Chairman application',
  'reviewStep.certificate': 'SDO certificate',
  'reviewStep.agreement': 'Land agreement',
  'reviewStep.chairman': 'Final decision',
  'reviewStep.all': 'All review steps',
  'reviewStep.filter': 'Waiting at review step',
  'season.stepsTitle': 'Waiting at each review step',
  'season.stepsHint': 'Applications waiting for staff right now. Choose a step to see them.',
  'season.wardsTitle': 'Applications per ward',
  'season.wardsHint':
    'Club ward or puja ward, as the list filter counts them. Choose a ward to see its applications.',
  'season.daysTitle': 'Submissions and issued NOCs per day',
  'season.daysHint':
    'Each day of the weeks of the season with a submission or an issued NOC, up to the last one.',
  'season.step': 'Review step',
  'season.ward': 'Ward',
  'season.wardNumber': 'Ward {ward}',
  'season.day': 'Day',
  'season.count': 'Applications',
  'season.submitted': 'Submitted',
  'season.issued': 'NOCs issued',
  'season.showTable': 'Show as a table',
  'season.empty': 'No applications yet this season.',
  'season.noEvents': 'No submissions yet.',
  'season.fetchFailed': 'The season figures could not be loaded.',
  'season.retry': 'Try again',

  // —— Club dashboard: what is left and the puja clock (issue 13, decision 0025) ——
  'clock.title': 'Before the puja',
  'clock.days': '{count} days left until the puja starts on {date}.',
  'clock.oneDay': '1 day left until the puja starts on {date}.',
  'clock.today': 'The puja starts today, {date}. Shubho Durga Puja!',
  'clock.begun': 'The puja began on {date}. Shubho Durga Puja!',
  'clock.todo.apply': 'Submit your NOC application.',
  'clock.todo.wait': 'Nothing for now: your application waits at the step “{step}”.',
  'clock.todo.waitReview': 'Nothing for now: the municipality is reviewing your application.',
  'clock.todo.refused': 'Your application was not approved. Please contact the municipality.',

  // —— The club dashboard's next step and the municipality's contact (issue 27) ——
  'banner.label': 'What to do now',
  'banner.acknowledgement': 'Upload your signed acknowledgement',
  'banner.acknowledgementButton': 'Choose the signed file',
  'banner.reupload.one': '1 document needs your attention: {documents}',
  'banner.reupload.many': '{count} documents need your attention: {documents}',
  'tracker.doneOn': 'on {date}',
  'clubDocuments.title': 'Your documents',
  'clubDocuments.open': 'Open {document}',
  'clubDocuments.rejected': 'rejected',
  'acknowledgement.stamp': 'Received by the municipality (stamp)',
  'acknowledgement.stampName': 'Name',
  'acknowledgement.stampDate': 'Date',
  'contact.title': 'Contact {municipality}',
  'contact.office': 'Office',
  'contact.phone': 'Phone',
  'contact.email': 'E-mail',
  'contact.hours': 'Hours',
  'contact.link': 'Contact the municipality',

  // —— Manage clubs (SPEC §2, §8) ——
  'clubs.title': 'Manage Clubs',
  'clubs.search': 'Search by club name',
  'clubs.add': 'Add New Club',
  'clubs.edit': 'Edit Club',
  'clubs.deleteConfirm': 'Are you sure you want to delete this club?',
  'clubs.empty': 'No clubs found',
  'clubs.status': 'Status',
  'clubs.active': 'Active',
  'clubs.inactive': 'Inactive',
  'clubs.statusLoading': 'Updating status...',
  'clubs.statusActive': 'Club status updated to Active',
  'clubs.statusInactive': 'Club status updated to Inactive',
  'clubs.statusFailed': 'Failed to update status.',
  'clubs.updateLoading': 'Updating club...',
  'clubs.updateSuccess': 'Club updated successfully!',
  'clubs.updateFailed': 'Failed to update club.',
  'clubs.addLoading': 'Adding new club...',
  'clubs.addSuccess': 'Club added successfully!',
  'clubs.addFailed': 'Failed to add club.',
  'clubs.deleteLoading': 'Deleting club...',
  'clubs.deleteSuccess': 'Club deleted successfully!',
  'clubs.deleteFailed': 'Failed to delete club.',
  'clubs.notFound': 'Club not found.',
  'clubs.duplicateName': 'A club with this name already exists.',
  'clubs.registered': 'Registered',
  'clubs.notRegisteredLabel': 'Not registered',
  'clubs.registeredBy': 'Registered by {email}, {phone}, on {date}',
  'clubs.release': 'Release registration',
  'clubs.releaseConfirm':
    "Release this club's registration? Its account and its application, if it has one, are withdrawn (kept read-only in the history with its documents), its sessions end, the account holder is told by e-mail, and the club can be registered again.",
  'clubs.releaseReason': 'Why is this registration released?',
  'clubs.releaseReasonRequired': 'Please say why the registration is released.',
  'clubs.releaseIssued':
    "This club's NOC has been issued, so its registration cannot be released. The chairman must withdraw the NOC first.",
  'clubs.releaseLoading': 'Releasing registration...',
  'clubs.releaseSuccess': "The club's registration was released.",
  'clubs.releaseFailed': 'Failed to release the registration.',
  'clubs.notRegistered': 'This club is not registered.',
  'clubs.deleteInUse':
    'This club has an account or an application and cannot be deleted. Deactivate it instead.',

  // —— Manage users (SPEC §2, §8) ——
  'users.title': 'Manage Users',
  'users.search': 'Search by name or email',
  'users.add': 'Add New User',
  'users.edit': 'Edit User',
  'users.deleteConfirm': 'Are you sure you want to delete this user?',
  'users.empty': 'No users found',
  'users.fetchFailed': 'Failed to fetch users.',
  'users.addLoading': 'Adding user...',
  'users.updateLoading': 'Updating user...',
  'users.saveSuccess': 'User added or updated successfully!',
  'users.saveFailed': 'Failed to add or update user.',
  'users.deleteLoading': 'Deleting user...',
  'users.deleteSuccess': 'User deleted successfully!',
  'users.deleteFailed': 'Failed to delete user.',
  'users.notFound': 'User not found.',
  'users.emailTaken': 'A user with this email already exists.',
  'users.cannotDeleteSelf': 'You cannot delete your own account.',
  'users.cannotDeleteLastAdmin': 'The last admin cannot be deleted.',
  'users.passwordKeepHint': 'Leave blank to keep the current password.',
  'users.field.name': 'Name',
  'users.field.role': 'Role',

  // —— Applications list and detail (SPEC §2, §8) ——
  'applications.tab.all': 'All NOCs',
  'applications.tab.pending': 'Pending',
  'applications.tab.chairmanReview': 'Chairman Review',
  'applications.tab.approved': 'Approved',
  'applications.tab.rejected': 'Rejected',
  'applications.tab.awaitingAcknowledgement': 'Awaiting acknowledgement',
  'applications.awaitingHint':
    'These clubs have applied but not yet uploaded their signed acknowledgement; their documents are reviewed once it arrives.',
  'applications.searchHint': 'Also finds an application no., reg. no. or phone',
  'applications.results.one': '1 application',
  'applications.results.many': '{count} applications',
  'applications.pujaWard': 'Puja Ward No: {ward}',
  'applications.submittedOn': 'Submitted: {date}',
  'applications.pendingDoc.all': 'All Pending',
  'applications.pendingDoc.chairmanApplication': 'Chairman Application',
  'applications.pendingDoc.certificate': 'Previous year SDO Certificate',
  'applications.pendingDoc.agreement': 'Land Agreement',
  'applications.pendingDoc.chairman': 'Chairman Status',
  'applications.search': 'Search by club name',
  'applications.allWards': 'All Wards',
  'applications.ward': 'Ward No: {ward}',
  'applications.clearAll': 'Clear All',
  'applications.unknownClub': 'Unknown Club',
  'applications.applicationNo': 'Application No',
  'applications.empty': 'No applications match your criteria',
  'applications.fetchFailed': 'Failed to fetch applications.',
  'applications.detailFetchFailed': 'Failed to fetch application details.',
  'applications.pendingFetchFailed': 'Failed to fetch pending applications.',
  'applications.notFound': 'Application not found.',
  'applications.alreadyExists': 'You have already applied for an NOC.',
  'applications.back': 'Back',
  'applications.clubDetails': 'Club Details',
  'applications.contactPersons': 'Contact Person Details',
  'applications.documentVerification': 'Document Verification',
  'applications.otherDocuments': 'Other Submitted Documents',
  'applications.finalReview': 'Final Chairman Review',
  'applications.view': 'View',
  'applications.history': 'History',
  'applications.historyFetchFailed': 'Failed to fetch application history.',
  'applications.noHistory': 'No changes recorded yet.',
  'applications.sortOldest': 'Oldest waiting first',
  'applications.waitingColumn': 'Waiting',
  'applications.waiting': 'Waiting {time}',
  'applications.year': 'Year',
  'applications.wardLabel': 'Ward',
  'applications.email': 'Email',
  'applications.phone': 'Phone',
  'applications.govtRegisterNo': 'Govt. Registration No',
  'applications.clubAddress': 'Club Address',
  'applications.pujaLocation': 'Puja Location',
  'applications.clubPresident': 'Club President',
  'applications.clubSecretary': 'Club Secretary',
  'applications.pujaPresident': 'Puja Committee President',
  'applications.pujaSecretary': 'Puja Committee Secretary',
  'applications.openInNewTab': 'Open in new tab',
  'applications.viewerEmpty': 'Choose a document to view it here.',
  'applications.zoomIn': 'Zoom in',
  'applications.zoomOut': 'Zoom out',
  'applications.rotate': 'Rotate',
  'applications.next': 'Next waiting',
  'applications.noneWaiting': 'No other application is waiting at this step.',
  'applications.history.when': 'When',
  'applications.history.who': 'Who',
  'applications.history.what': 'What',
  'applications.history.reason': 'Reason',
  'applications.history.apply': 'Application submitted',
  'applications.history.upload': 'Document uploaded',
  'applications.history.approve': 'Approved',
  'applications.history.reject': 'Rejected',
  'applications.history.openVersion': 'Open version {n}',
  'applications.history.mail': 'E-mail to club',
  'applications.history.mail.sent': 'Sent {time}',
  'applications.history.mail.waiting': 'Waiting to be sent',
  'applications.history.mail.retrying':
    'Not sent yet: attempt {attempts} failed ({error}); trying again {time}',
  'waiting.minutes': '{count} min',
  'waiting.hours': '{count} h',
  'waiting.days': '{count} d',

  // —— Document review (SPEC §4, §5, §8) ——
  'review.approve': 'Approve',
  'review.reject': 'Reject',
  'review.rejectionReason': 'Rejection reason',
  'review.reasonRequired': 'Please provide a rejection reason.',
  'review.statusLoading': 'Updating document status...',
  'review.statusSuccess': 'Status updated successfully!',
  'review.statusFailed': 'Update failed.',
  'review.approveLoading': 'Approving document...',
  'review.approveSuccess': 'Document approved successfully!',
  'review.approveFailed': 'Approval failed.',
  'review.rejectLoading': 'Rejecting document...',
  'review.rejectSuccess': 'Document rejected successfully!',
  'review.rejectFailed': 'Rejection failed.',
  'review.previousStepPending': 'The previous document must be approved first.',
  'review.alreadyDecided': 'This document has already been reviewed.',
  'review.documentMissing': 'This document has not been uploaded yet.',
  'review.documentChanged':
    'This document was replaced since you opened it. Please review the new version.',
  'review.panelTitle': 'Document Review Panel',

  // —— Final decision (SPEC §4, §8) ——
  'final.notReady': 'All documents must be approved before the final review can be conducted.',
  'final.alreadyDecided': 'The final decision has already been made.',
  'final.decisionChanged':
    'Another final decision was recorded on this application meanwhile. Look at the current decision before deciding again.',
  'final.documentChanged':
    'A document of this application was replaced since you opened it. Please review the new version.',
  'final.loading': 'Submitting final decision...',
  'final.success': 'Decision submitted successfully!',
  'final.failed': 'Submission failed.',
  'final.reviewLoading': 'Submitting final review...',
  'final.reviewSuccess': 'Final review submitted!',
  'final.panelTitle': 'Chairman Final Review',
  'final.documentsColumn': 'Documents',
  'final.viewDocuments': 'View documents',

  // —— Issued NOCs (SPEC §2, §9) ——
  'issued.title': 'Issued NOCs (Chairman Approved)',
  'issued.hint': 'Search, filter, and download all applications approved by the Chairman.',
  'issued.search': 'Search by Club, Reg No, Memo...',
  'issued.export': 'Export to Excel',
  'issued.empty': 'No matching approved NOCs found.',
  'issued.exportEmpty': 'No approved NOCs match this search, so there is nothing to export.',
  'issued.fetchFailed': 'Failed to load NOC applications.',
  'issued.column.regNo': 'Reg No',
  'issued.column.clubName': 'Club Name',
  'issued.column.clubAddress': 'Club Address',
  'issued.column.clubWard': 'Club Ward No',
  'issued.column.pujaAddress': 'Puja Address',
  'issued.column.pujaWard': 'Puja Ward',
  'issued.column.pujaWardNo': 'Puja Ward No',
  'issued.column.memoNumber': 'Memo Number',
  'issued.column.approvedDate': 'Approved Date',
  'issued.column.action': 'Action',
  'issued.exportFailed': 'Export failed.',

  // —— Data grid (mantine-react-table's own words, staff console) ——
  'table.rowsPerPage': 'Rows per page',
  'table.of': 'of',
  'table.rowNumber': '#',
  'table.goToFirstPage': 'Go to first page',
  'table.goToPreviousPage': 'Go to previous page',
  'table.goToNextPage': 'Go to next page',
  'table.goToLastPage': 'Go to last page',
  'table.sortByColumnAsc': 'Sort by {column} ascending',
  'table.sortByColumnDesc': 'Sort by {column} descending',
  'table.sortedByColumnAsc': 'Sorted by {column} ascending',
  'table.sortedByColumnDesc': 'Sorted by {column} descending',
  'table.clearSort': 'Clear sort',
  'table.noRecords': 'No records to display',
  // —— Mails to the club at each decision (issue 12); {link} opens the club portal ——
  'clubMail.applicationReceived.subject': 'Application No {regNo} received: Durga Puja {year} NOC',
  'clubMail.applicationReceived.body':
    'Dear {club},\n\nWe have received your application for the Durga Puja {year} NOC. Your application number is {regNo}.\n\nNext, print the acknowledgement, have it signed and stamped, and upload it:\n{link}',
  'clubMail.acknowledgementAccepted.subject': 'Acknowledgement accepted: Application No {regNo}',
  'clubMail.acknowledgementAccepted.body':
    'Dear {club},\n\nYour signed acknowledgement for application {regNo} has been accepted. The municipality will now review your documents. Follow the progress here:\n{link}',
  'clubMail.documentRejected.subject': '{document} rejected: Application No {regNo}',
  'clubMail.documentRejected.body':
    'Dear {club},\n\nThe {document} of your application {regNo} was rejected.\n\nReason: {reason}\n\nPlease upload a corrected document here:\n{link}',
  'clubMail.nocIssued.subject': 'Your Durga Puja {year} NOC has been issued',
  'clubMail.nocIssued.body':
    'Dear {club},\n\nYour NOC for holding Durga Puja {year} has been issued (application {regNo}, memo number {memo}).\n\nPrint your certificate here:\n{link}\n\nPermissions of the police, the fire brigade and the Sub-Divisional Officer are still needed.',
  'clubMail.finalRejected.subject': 'Your NOC application {regNo} was not approved',
  'clubMail.finalRejected.body':
    'Dear {club},\n\nThe chairman did not approve your NOC application {regNo}.\n\nReason: {reason}\n\nSee your application here:\n{link}',
  'clubMail.released.subject': 'The registration of {club} was released',
  'clubMail.released.body':
    'Hello,\n\nThe municipality has released the registration of {club} that was made with this e-mail address. Your account and its application, if any, have been withdrawn: the account can no longer log in.\n\nReason: {reason}\n\nIf you believe this is a mistake, please contact the municipality.',
  'registrationMail.confirm.subject': 'Confirm the registration of {club}',
  'registrationMail.confirm.body':
    'Hello,\n\n{club} was registered on the Puja NOC Portal with this e-mail address. To finish the registration, open this link within {hours} hours:\n{link}\n\nUntil then the club is not registered. If you did not register it, ignore this mail: nothing happens.',
  'registrationMail.addressTaken.subject': 'Someone tried to register with your e-mail address',
  'registrationMail.addressTaken.body':
    'Hello,\n\nSomeone tried to register {club} on the Puja NOC Portal with this e-mail address, which already has an account. Nothing was changed.\n\nIf it was you, log in with the account you already have. If it was not you, you can ignore this mail.',
  'clubMail.signature':
    'This is an automatic message from the Puja NOC Portal of {municipality}. Please do not reply to it.',

  // —— Forms that show every problem at once (issue 22, decision 0032) ——
  'form.errorSummaryTitle': 'There is a problem',
  'applyNoc.field.landDocument': 'Land document',
  'applyNoc.missing.wardNo': 'Select the puja location ward number.',
  'applyNoc.missing.pujaLocation': 'Enter the puja location address.',
  'applyNoc.missing.clubPresidentName': "Enter the club president's name.",
  'applyNoc.missing.clubPresidentPhone': "Enter the club president's phone number.",
  'applyNoc.missing.clubSecretaryName': "Enter the club secretary's name.",
  'applyNoc.missing.clubSecretaryPhone': "Enter the club secretary's phone number.",
  'applyNoc.missing.pujaPresidentName': "Enter the puja committee president's name.",
  'applyNoc.missing.pujaPresidentPhone': "Enter the puja committee president's phone number.",
  'applyNoc.missing.pujaSecretaryName': "Enter the puja committee secretary's name.",
  'applyNoc.missing.pujaSecretaryPhone': "Enter the puja committee secretary's phone number.",
  'applyNoc.missing.land': 'Upload the land document.',
  'applyNoc.missing.chairmanApplication': 'Upload the chairman application.',
  'applyNoc.missing.certificate': "Upload the previous year's S.D.O. permission.",
  'applyNoc.missing.pujaCommittee': 'Upload the puja committee list.',
  'applyNoc.missing.pujaBudget': 'Upload the puja budget.',
  'applyNoc.invalid.clubPresidentPhone':
    "Enter the club president's phone number with 10 to 15 digits.",
  'applyNoc.invalid.clubSecretaryPhone':
    "Enter the club secretary's phone number with 10 to 15 digits.",
  'applyNoc.invalid.pujaPresidentPhone':
    "Enter the puja committee president's phone number with 10 to 15 digits.",
  'applyNoc.invalid.pujaSecretaryPhone':
    "Enter the puja committee secretary's phone number with 10 to 15 digits.",

  // —— The review desk (issue 22) ——
  'desk.waitsFor.acknowledgement': 'Waits for the acknowledgement.',
  'desk.waitsFor.chairmanApplication': 'Waits for the chairman application.',
  'desk.waitsFor.certificate': 'Waits for the SDO certificate.',
  'desk.waitsFor.agreement': 'Waits for the land agreement.',
  'desk.reason.approved': 'Already approved.',
  'desk.reason.rejected': 'Already rejected.',
  'desk.reason.awaitsReupload': "Rejected: waits for the club's new file.",
  'desk.reason.noAcknowledgement': 'Waits for the club to upload the signed acknowledgement.',
  'desk.reason.documentsRole': 'Only admin and store users review documents.',
  'desk.reason.finalRole': 'Only the chairman or an admin gives the final decision.',
  'progress.awaitingAcknowledgement': 'Waiting for the acknowledgement',
  'progress.inReview': 'In review',
  'progress.returned': 'Returned to the club',
  'progress.issued': 'NOC issued',
  'progress.notApproved': 'Not approved',
  'waitingDays.today': 'Waiting since today',
  'waitingDays.one': 'Waiting 1 day',
  'waitingDays.many': 'Waiting {count} days',
  'applications.noneWaitingForRole': 'No application is waiting for a decision you can take.',
  'applications.pendingDoc.filter': 'Pending document',
  'review.confirmUnopened.title': 'Approve without opening?',
  'review.confirmUnopened.text':
    'You have not opened the {document} yet. Open it to check it, or approve it as it is.',
  'review.confirmUnopened.approve': 'Approve without opening',
  'review.confirmUnopened.open': 'Open the document',
  'final.confirm.issueTitle': 'Issue the NOC to {club}?',
  'final.confirm.issueText':
    'Approving issues the NOC certificate of {club}: a legal document the club can print at once. The club is told by e-mail.',
  'final.confirm.issue': 'Yes, issue the NOC',
  'final.confirm.refuseTitle': 'Reject the application of {club}?',
  'final.confirm.refuseText':
    'Rejecting refuses the NOC of {club} with your reason. The club is told by e-mail.',
  'final.confirm.refuse': 'Yes, reject',
  'final.confirm.withdrawTitle': 'Withdraw the NOC of {club}?',
  'final.confirm.withdrawText':
    'The NOC of {club} has been issued. Rejecting now withdraws it: its verification code will stop verifying (anyone checking it sees NOT VALID). The club is told by e-mail.',
  'final.confirm.withdraw': 'Yes, withdraw the NOC',
  'season.gap': 'Weeks without events are left out',

  // —— Sessions and access (SPEC §6) ——
  'auth.required': 'Please log in to continue.',
  'auth.sessionExpired': 'Your session has expired. Please log in again.',
  'auth.forbidden': 'You are not allowed to do this.',
  'auth.notYourApplication': 'You can only access your own application.',
  'auth.loggedOut': 'You have been logged out.',

  // —— Server-wide ——
  'server.error': 'Something went wrong. Please try again.',
  'server.notFound': 'Not found.',
  'server.tooLarge': 'The upload is too large.',
  'server.rateLimited': 'Too many requests. Please wait a moment and try again.',
  'server.pdfChecksBusy':
    'The server is busy checking documents. Your files are safe; please send again in a moment.',
  'server.busy': 'The portal is busy. Please try again in a moment.',
  'server.fileLinkInvalid': 'This document link is invalid or has expired.',

  // —— SMS to clubs and phone numbers (issue 23) ——
  'validation.mobileInvalid':
    'Please enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9.',
  'applications.history.sms': 'SMS to club',
  'applications.history.smsState': 'SMS: {state}',
  'applications.history.resend_sms': 'SMS sent again',
  'sms.resend': 'Resend last SMS',
  'sms.resendLoading': 'Sending the SMS again...',
  'sms.resendQueued': "The last SMS will be sent again to the club's phone.",
  'sms.nothingToResend':
    'This application has no SMS to send again, or its club has no mobile number.',
  'sms.resendTooSoon':
    "This application's SMS was sent again less than 10 minutes ago. Please try again later.",
  'sms.resendDailyLimit':
    "This application's SMS has been sent again five times in the last 24 hours. Please try again later.",
  'sms.resendPastSeason':
    'This application belongs to a past season: its SMS cannot be sent again.',
  'sms.resendStale':
    'The application has changed since its last SMS, so that SMS is no longer true and is not sent again.',
  'sms.resendFailed': 'Failed to send the SMS again.',
  'forgotPassword.sentByPhone':
    "If this mobile number belongs to a club account, a new password has been sent to it by SMS (or to the account's e-mail while the number is not verified).",
  'forgotPassword.hintPhone':
    'Enter your e-mail or your registered mobile number. We will send a new password by SMS to a verified mobile number, otherwise to your e-mail.',
  'forgotPassword.field.login': 'Email or mobile number',

  // —— Working days and holidays (issue 30): a pasted holiday list's unreadable lines ——
  'holidays.invalidDate': 'Enter the holiday’s date as dd/mm/yyyy.',
  'holidays.nameRequired': 'Enter the holiday’s name.',
  'holidays.exists': 'There is already a holiday on this date.',
  'holidays.notFound': 'There is no holiday on this date.',
  'holidays.added': 'Holiday added.',
  'holidays.updated': 'Holiday saved.',
  'holidays.deleted': 'Holiday deleted.',
  'holidays.fetchFailed': 'The holidays could not be loaded.',
  'holidays.saveFailed': 'The holiday could not be saved.',
  'holidays.lineDate': 'Line {line}: write the date as dd/mm/yyyy, then the holiday’s name.',
  'holidays.lineName': 'Line {line}: the holiday’s name is missing after its date.',
  'holidays.lineRepeated': 'Line {line}: this date is already in the list.',
  'holidays.title': 'Holidays',
  'holidays.intro':
    'Days the municipality’s offices are closed. Due dates count only working days (Monday to Friday), so these days are skipped.',
  'holidays.year': 'Year',
  'holidays.add': 'Add holiday',
  'holidays.edit': 'Edit holiday',
  'holidays.import': 'Import a list',
  'holidays.importHint':
    'Paste one holiday a line: the date as dd/mm/yyyy, then its name (for example 20/10/2026 Durga Puja). Days already listed are kept as they are.',
  'holidays.importLines': 'Holidays, one a line',
  'holidays.importPreview': '{count} holidays to add',
  'holidays.importAction': 'Import',
  'holidays.imported': 'Holidays imported: {added} added, {skipped} already listed.',
  'holidays.importDone': 'Holidays imported.',
  'holidays.importInvalid': 'Some lines could not be read: correct them and import again.',
  'holidays.importEmpty': 'Paste at least one line: a date as dd/mm/yyyy and a name.',
  'holidays.importTooMany': 'Import at most 200 holidays at a time.',
  'holidays.field.date': 'Date',
  'holidays.field.day': 'Day',
  'holidays.field.name': 'Name',
  'holidays.field.nameBn': 'Name in Bengali',
  'holidays.deleteConfirm': 'Delete this holiday? Due dates will count this day as a working day.',
  'holidays.empty': 'No holidays listed for this year.',
  'holidays.addLoading': 'Adding the holiday…',
  'holidays.updateLoading': 'Saving the holiday…',
  'holidays.deleteLoading': 'Deleting the holiday…',
  'holidays.importLoading': 'Importing the holidays…',

  // —— Runtime configuration of the apps (config.json next to index.html) ——
  'config.unavailableTitle': 'The portal cannot start',
  'config.missing':
    'Its configuration file (config.json) could not be loaded. Please try again later or contact the municipality.',
  'config.invalid':
    'Its configuration file (config.json) is not valid: {problem}. Please contact the municipality.',
  'config.retry': 'Try again',
} as const;

export type MessageKey = keyof typeof en;
/** A full table of messages for one language. */
export type Catalogue = Readonly<Record<MessageKey, string>>;

/** The portal's languages: English (the spec's text) and Bengali (বাংলা). */
export const LOCALES = ['en', 'bn'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's own name, as the language switch shows it (never translated). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', bn: 'বাংলা' };

/**
 * The BCP 47 tag `Intl` formats dates and numbers with: Indian English (day/month/year, lakh
 * grouping) and Indian Bengali (Bengali digits). `<html lang>` takes the locale itself.
 */
export const INTL_TAGS: Readonly<Record<Locale, string>> = { en: 'en-IN', bn: 'bn-IN' };

/**
 * Whether a value names one of the portal's languages (for stored choices and headers).
 * @example isLocale('bn') // true; isLocale('fr') // false
 */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The tables loaded so far; English always, Bengali once `loadCatalogue('bn')` resolved. */
const loaded: Partial<Record<Locale, Catalogue>> = { en };

/** English, the spec's text, always loaded. */
export const messages: Readonly<{ en: Catalogue }> = { en };

/** Whether a language's table is loaded, so `formatMessage` can show it. */
export function isCatalogueLoaded(locale: Locale): boolean {
  return loaded[locale] !== undefined;
}

/**
 * Loads a language's table (a separate chunk in the apps' builds); English is already there.
 * @example await loadCatalogue('bn'); formatMessage('nav.logout', {}, 'bn') // 'লগআউট'
 */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const ready = loaded[locale];
  if (ready) return ready;
  const { bn } = await import('./messages-bn');
  loaded.bn = bn;
  return bn;
}

const integerFormats = new Map<Locale, Intl.NumberFormat>();

/**
 * A number as the language writes it, without grouping (years, ward numbers, small counts):
 * Latin digits in English, Bengali digits in Bengali.
 * @example formatNumber(2025, 'bn') // '২০২৫'; formatNumber(25) // '25'
 */
export function formatNumber(value: number, locale: Locale = DEFAULT_LOCALE): string {
  let format = integerFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_TAGS[locale], { useGrouping: false });
    integerFormats.set(locale, format);
  }
  return format.format(value);
}

const BENGALI_ZERO = 0x09e6;

/**
 * A text with its Latin digits written in the language's digits, for numbers that are text
 * (application and reg. numbers, memo numbers), so one screen never mixes two digit systems
 * (issue 22); English, and every other character, unchanged. Not for what people type back
 * (verification codes, e-mail addresses).
 * @example localiseDigits('13/DURGAPUJA/2025', 'bn') // '১৩/DURGAPUJA/২০২৫'; localiseDigits('13') // '13'
 */
export function localiseDigits(text: string, locale: Locale = DEFAULT_LOCALE): string {
  if (locale === 'en') return text;
  return text.replace(/[0-9]/g, (digit) =>
    String.fromCharCode(BENGALI_ZERO + digit.charCodeAt(0) - 48),
  );
}

/**
 * The text for a key in a language (English while that language's table is not loaded), with
 * `{name}` placeholders filled in. Number values are written in the language's digits; text
 * values (names, memo and phone numbers) stay exactly as given.
 * @example formatMessage('applyNoc.title', { year: 2025 }) // 'Apply for NOC Durga puja 2025'
 */
export function formatMessage(
  key: MessageKey,
  params: Readonly<Record<string, string | number>> = {},
  locale: Locale = DEFAULT_LOCALE,
): string {
  const text = (loaded[locale] ?? en)[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name];
    return typeof value === 'number' ? formatNumber(value, locale) : String(value);
  });
}

/**
 * Whether a string is a known message key (for keys that cross the wire).
 * @example isMessageKey('login.failed') // true; isMessageKey('toString') // false
 */
export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(en, value);
}
