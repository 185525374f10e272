import ReelModel
import CLibPQ
