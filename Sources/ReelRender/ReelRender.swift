import ReelModel
import CFreeType
